import { routeNavigationAllowed } from '../routes/route-rules';

/**
 * The route page's behaviour: the group → service dropdowns and the search
 * button, preselection from the query (group, code, directionId), the sticky
 * detail menu from scroll 1300, and the POL tabs of the loop tables.
 */

interface FinderGroup {
  id: string;
  services: { code: string; name: string; href: string }[];
}

const STICKY_FROM = 1300;

export function startRouteFinder(): void {
  const finder = document.querySelector<HTMLElement>('route-finder');
  if (finder) initFinder(finder);
  initStickyMenu();
  document.querySelectorAll<HTMLElement>('[data-loop]').forEach(initPolTabs);
}

function initFinder(finder: HTMLElement): void {
  const data = finder.dataset;
  const groups = JSON.parse(data.groups ?? '[]') as FinderGroup[];
  const form = finder.querySelector('form')!;
  const groupSelect = form.querySelector<HTMLSelectElement>('select[name=group]')!;
  const serviceSelect = form.querySelector<HTMLSelectElement>('select[name=code]')!;
  const message = finder.querySelector<HTMLElement>('.finder-message')!;
  const placeholder = serviceSelect.options[0].cloneNode(true) as HTMLOptionElement;

  const say = (text: string) => {
    message.textContent = text;
    message.hidden = !text;
  };
  const fillServices = (groupId: string) => {
    const group = groups.find((g) => g.id === groupId);
    const options = (group?.services ?? []).map((s) => new Option(s.name, s.code));
    serviceSelect.replaceChildren(placeholder.cloneNode(true), ...options);
    serviceSelect.value = '';
  };

  groupSelect.addEventListener('change', () => {
    say('');
    fillServices(groupSelect.value);
  });
  serviceSelect.addEventListener('change', () => say(''));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const service = groups.flatMap((g) => g.services).find((s) => s.code === serviceSelect.value);
    if (!service) {
      say(data.msgChoose ?? '');
      (groupSelect.value ? serviceSelect : groupSelect).focus();
      return;
    }
    if (service.code !== data.currentCode) location.assign(service.href);
  });

  // Preselection from the query: ?directionId=&group=&code=
  const query = new URLSearchParams(location.search);
  const directionId = query.get('directionId');
  if (directionId !== null && directionId !== data.direction) {
    if (!routeNavigationAllowed(directionId)) {
      say((data.msgDirection ?? '').replace('{{id}}', directionId));
      return;
    }
    query.delete('directionId');
    const rest = query.toString();
    location.replace(`${data.base}/${directionId}${rest ? `?${rest}` : ''}`);
    return;
  }
  const groupId = query.get('group');
  const code = query.get('code');
  if (groupId) {
    if (!groups.some((g) => g.id === groupId)) say((data.msgGroup ?? '').replace('{{group}}', groupId));
    else if (groupSelect.value !== groupId) {
      groupSelect.value = groupId;
      fillServices(groupId);
    }
  }
  if (code && code !== data.currentCode) {
    const candidates = groupId && groups.some((g) => g.id === groupId) ? groups.filter((g) => g.id === groupId) : groups;
    const service = candidates.flatMap((g) => g.services).find((s) => s.code === code);
    if (service) location.replace(service.href);
    else say((data.msgCode ?? '').replace('{{code}}', code));
  }
}

function initStickyMenu(): void {
  const menu = document.querySelector<HTMLElement>('.detail-nav');
  if (!menu) return;
  // The slot keeps the menu's height while the menu is fixed, so the page does not jump.
  const slot = menu.parentElement!;
  const reserve = () => {
    if (!menu.classList.contains('is-fixed')) slot.style.minHeight = `${menu.offsetHeight}px`;
  };
  let queued = false;
  const update = () => {
    queued = false;
    reserve();
    menu.classList.toggle('is-fixed', window.scrollY >= STICKY_FROM);
  };
  window.addEventListener('resize', reserve, { passive: true });
  window.addEventListener(
    'scroll',
    () => {
      if (!queued) {
        queued = true;
        requestAnimationFrame(update);
      }
    },
    { passive: true },
  );
  update();
}

function initPolTabs(loop: HTMLElement): void {
  const tabs = [...loop.querySelectorAll<HTMLButtonElement>('[role=tab]')];
  const select = (index: number, focus: boolean) => {
    tabs.forEach((tab, i) => {
      const selected = i === index;
      tab.setAttribute('aria-selected', String(selected));
      tab.tabIndex = selected ? 0 : -1;
      document.getElementById(tab.getAttribute('aria-controls')!)!.hidden = !selected;
    });
    if (focus) tabs[index].focus();
  };
  tabs.forEach((tab, i) => {
    tab.addEventListener('click', () => select(i, false));
    tab.addEventListener('keydown', (event) => {
      const last = tabs.length - 1;
      const next = { ArrowRight: i === last ? 0 : i + 1, ArrowLeft: i === 0 ? last : i - 1, Home: 0, End: last }[event.key];
      if (next === undefined) return;
      event.preventDefault();
      select(next, true);
    });
  });
}
