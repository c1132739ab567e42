/**
 * The supply-chain pages' tabs: the global areas (a horizontal tab list) and, in
 * each area, its regions (a vertical tab list). The page is rendered with the
 * first area and its first region selected; this script switches panels on click
 * and with the keyboard (arrow keys move and select, Home and End jump), selects
 * the first region when the area changes (the spec's rule), and keeps the choice
 * in the query (?area=&region=), so a region can be linked and Back/Reload keep it.
 */

type Selection = { area: string; region: string | null };

export function startSclTabs(): void {
  const root = document.querySelector<HTMLElement>('[data-scl]');
  if (!root) return;
  const areaTabs = [...root.querySelectorAll<HTMLButtonElement>('.scl-area-tabs [role=tab]')];
  if (!areaTabs.length) return;

  const panelOf = (tab: HTMLElement) => document.getElementById(tab.getAttribute('aria-controls') ?? '');
  const regionTabsOf = (areaTab: HTMLElement) => [...(panelOf(areaTab)?.querySelectorAll<HTMLButtonElement>('.scl-region-tabs [role=tab]') ?? [])];

  /** Marks `tab` selected among `tabs` and shows only its panel. */
  const select = (tabs: HTMLButtonElement[], tab: HTMLButtonElement) => {
    for (const other of tabs) {
      const on = other === tab;
      other.setAttribute('aria-selected', String(on));
      other.tabIndex = on ? 0 : -1;
      const panel = panelOf(other);
      if (panel) panel.hidden = !on;
    }
  };

  const current = (): Selection => {
    const areaTab = areaTabs.find((t) => t.getAttribute('aria-selected') === 'true') ?? areaTabs[0];
    const regionTab = regionTabsOf(areaTab).find((t) => t.getAttribute('aria-selected') === 'true');
    return { area: areaTab.dataset.area!, region: regionTab?.dataset.region ?? null };
  };

  const remember = () => {
    const { area, region } = current();
    const url = new URL(location.href);
    url.searchParams.set('area', area);
    if (region) url.searchParams.set('region', region);
    else url.searchParams.delete('region');
    history.replaceState(history.state, '', url);
  };

  const chooseArea = (tab: HTMLButtonElement) => {
    select(areaTabs, tab);
    const regions = regionTabsOf(tab);
    if (regions.length) select(regions, regions[0]);
  };

  /** Arrow keys (both axes), Home and End: move the focus and select, as the ARIA tabs pattern with automatic activation. */
  const onKey = (tabs: HTMLButtonElement[], choose: (tab: HTMLButtonElement) => void) => (event: KeyboardEvent) => {
    const index = tabs.indexOf(event.currentTarget as HTMLButtonElement);
    let next = -1;
    if (event.key === 'ArrowRight' || event.key === 'ArrowDown') next = (index + 1) % tabs.length;
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    if (next < 0) return;
    event.preventDefault();
    choose(tabs[next]);
    tabs[next].focus();
    remember();
  };

  for (const tab of areaTabs) {
    tab.addEventListener('click', () => {
      if (tab.getAttribute('aria-selected') === 'true') return;
      chooseArea(tab);
      remember();
    });
    tab.addEventListener('keydown', onKey(areaTabs, chooseArea));
    const regions = regionTabsOf(tab);
    const chooseRegion = (regionTab: HTMLButtonElement) => select(regions, regionTab);
    for (const regionTab of regions) {
      regionTab.addEventListener('click', () => {
        chooseRegion(regionTab);
        remember();
      });
      regionTab.addEventListener('keydown', onKey(regions, chooseRegion));
    }
  }

  // Deep link: ?area= selects an area, ?region= a region (its area too, so a region alone is enough).
  const query = new URLSearchParams(location.search);
  const wantedRegion = query.get('region')?.toLowerCase();
  const wantedArea = query.get('area')?.toLowerCase();
  const regionTab = wantedRegion ? root.querySelector<HTMLButtonElement>(`.scl-region-tabs [data-region="${CSS.escape(wantedRegion)}"]`) : null;
  const areaTab = regionTab ? areaTabs.find((t) => panelOf(t)?.contains(regionTab)) : wantedArea ? areaTabs.find((t) => t.dataset.area === wantedArea) : undefined;
  if (areaTab) {
    chooseArea(areaTab);
    if (regionTab) select(regionTabsOf(areaTab), regionTab);
  }
}
