// The drift fixture pages. cards.html alone is the page to capture. With `?server=URL&screen=ID`
// they draw that screen's skeletons (cards.html in place, slots.html whole with the cards slotted
// in; mode="manual"; `report` adds report-drift) and reveal every element once drawn;
// `changes=card0:taller-title,card1:no-avatar,...` changes those cards first.
const query = new URLSearchParams(location.search);
for (const change of (query.get('changes') ?? '').split(',').filter(Boolean)) {
  const [name, kind] = change.split(':');
  const card = document.querySelector(`skeleton-element[name="${name}"] .card, .card[slot="${name}"]`);
  if (kind === 'taller-title') card.querySelector('h2').append(' and the long walk home along the cliffs');
  else card.classList.add(kind);
}
const server = query.get('server');
if (server) {
  window.drifts = [];
  // Events sent while the element's content still animates (its reveal transition): there must be none.
  window.whileTransitioning = 0;
  document.addEventListener('skeleton-drift', (event) => {
    window.drifts.push(event.detail);
    const content = event.target.localName === 'skeleton-element' ? [...event.target.children]
      : [...event.target.shadowRoot.querySelectorAll(`[data-element="${event.detail.element}"] > [data-face]`)];
    if (content.some((element) => element.getAnimations().length > 0)) window.whileTransitioning += 1;
  });
  const screen = document.querySelector('skeleton-screen');
  screen.addEventListener('skeleton-render', () => {
    for (const wrapper of document.querySelectorAll('skeleton-element')) wrapper.reveal();
    for (const item of screen.querySelectorAll(':scope > [slot]')) screen.reveal(item.slot);
  });
  if (query.has('report')) screen.setAttribute('report-drift', '');
  screen.setAttribute('src', `${server}/layouts/${query.get('screen')}`);
  window.renderer = await import(`${server}/renderer.js`);
}
