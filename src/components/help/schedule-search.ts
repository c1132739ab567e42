import { fill } from '../../i18n/fill';
/**
 * The service schedule search: choosing a trade fills and enables the service
 * select; Search lists the chosen service's schedule files, or says (spec) that a
 * service must be chosen first, or that no schedule exists for it. Reads the data
 * the page carries (#schedule-data). ?trade=…&code=… preselects both and searches
 * (the route pages link here); each search is kept in the URL.
 */

interface ScheduleData {
  trade: string;
  name: string;
  services: { code: string; name: string; route: string; files: { id: string; name: string; href: string }[] }[];
}

export function startScheduleSearch(): void {
  const host = document.querySelector<HTMLElement>('schedule-search');
  const results = document.querySelector<HTMLElement>('[data-schedule-results]');
  const raw = document.getElementById('schedule-data')?.textContent;
  if (!host || !results || !raw) return;
  const trades = JSON.parse(raw) as ScheduleData[];
  const msg = host.dataset;
  const form = host.querySelector('form')!;
  const tradeSelect = form.querySelector<HTMLSelectElement>('[data-trade]')!;
  const serviceSelect = form.querySelector<HTMLSelectElement>('[data-service]')!;
  const message = host.querySelector<HTMLElement>('[data-schedule-message]')!;
  const title = results.querySelector<HTMLElement>('[data-schedule-title]')!;
  const list = results.querySelector<HTMLElement>('[data-schedule-files]')!;
  const route = results.querySelector<HTMLAnchorElement>('[data-schedule-route]')!;
  const placeholder = serviceSelect.options[0].cloneNode(true) as HTMLOptionElement;

  const say = (text: string) => {
    message.textContent = text;
    message.hidden = !text;
  };
  const tradeOf = (name: string) => trades.find((t) => t.trade === name);

  const fillServices = (tradeName: string) => {
    const trade = tradeOf(tradeName);
    serviceSelect.replaceChildren(placeholder.cloneNode(true), ...(trade?.services ?? []).map((s) => new Option(s.name, s.code)));
    serviceSelect.disabled = !trade;
  };

  tradeSelect.addEventListener('change', () => {
    fillServices(tradeSelect.value);
    results.hidden = true;
    say('');
  });
  serviceSelect.addEventListener('change', () => say(''));

  const show = (tradeName: string, code: string, fromVisitor: boolean) => {
    const service = tradeOf(tradeName)?.services.find((s) => s.code === code);
    if (!service) {
      results.hidden = true;
      say(msg.msgNoService ?? '');
      (tradeSelect.value ? serviceSelect : tradeSelect).focus();
      return;
    }
    if (service.files.length === 0) {
      results.hidden = true;
      say(msg.msgNoFiles ?? '');
    } else {
      say('');
      title.textContent = fill(msg.msgFiles ?? '', { service: service.name });
      list.replaceChildren(
        ...service.files.map((file) => {
          const li = document.createElement('li');
          const name = document.createElement('span');
          name.className = 'file-name';
          const strong = document.createElement('strong');
          strong.textContent = file.name;
          const meta = document.createElement('span');
          meta.className = 'file-meta';
          meta.textContent = msg.msgExcel ?? '';
          name.append(strong, meta);
          const link = document.createElement('a');
          link.className = 'button secondary';
          link.href = file.href;
          link.dataset.scheduleUuid = file.id;
          link.textContent = msg.msgDownload ?? '';
          link.setAttribute('aria-label', fill(msg.msgDownloadNamed ?? '', { name: file.name }));
          li.append(name, link);
          return li;
        }),
      );
      route.href = service.route;
      route.textContent = fill(msg.msgRoute ?? '', { code: service.code });
      results.hidden = false;
      if (fromVisitor) title.focus();
    }
    if (fromVisitor) {
      const url = `${location.pathname}?trade=${encodeURIComponent(tradeName)}&code=${encodeURIComponent(code)}`;
      if (`${location.pathname}${location.search}` !== url) history.pushState(null, '', url);
    }
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    show(tradeSelect.value, serviceSelect.value, true);
  });

  const fromUrl = () => {
    const query = new URLSearchParams(location.search);
    let trade = query.get('trade') ?? '';
    const code = query.get('code') ?? '';
    // a code alone (or with a trade we do not know) still finds its trade
    if (code && !tradeOf(trade)) trade = trades.find((t) => t.services.some((s) => s.code === code))?.trade ?? trade;
    tradeSelect.value = tradeOf(trade) ? trade : '';
    fillServices(tradeSelect.value);
    serviceSelect.value = tradeSelect.value && code ? code : '';
    if (serviceSelect.value !== code) serviceSelect.value = '';
    if (tradeSelect.value && code) show(tradeSelect.value, serviceSelect.value, false);
    else {
      results.hidden = true;
      say('');
    }
  };
  window.addEventListener('popstate', fromUrl);
  fromUrl();
}
