// The app of react.html and preact.html, written once against the framework's hyperscript function
// (React.createElement and Preact's h take the same arguments): a screen running a session, the
// wrapper `summary` declaring `loading` and `error` (mounted or not, showing a revision), and its
// neighbour `subscriptions` following the session.
window.hyperscriptApp = (h) => function App({ src, mounted, loading, error, revision }) {
  return h('skeleton-screen', { src, scenario: 'typical', seed: '1', speed: '10', 'timeout-ms': '600000' },
    h('main', null,
      h('div', { className: 'place' },
        mounted ? h('skeleton-element', { name: 'transactionsSummary', id: 'summary', loading, error },
          h('section', { className: 'card' }, h('h2', null, 'Transactions'), h('p', { id: 'revision' }, `revision ${revision}`))) : null),
      h('skeleton-element', { name: 'subscriptions', id: 'subscriptions' },
        h('section', { className: 'card' }, h('h2', null, 'Subscriptions')))));
};
