// The sign-in's answer goes to the Hearth tab that asked for it, over a
// BroadcastChannel (which only pages of this origin hear); that tab decides
// whether the answer is its own (by its state). Then this window closes.
(() => {
  const status = document.getElementById('status');
  const query = window.location.search;
  // The code must not stay in the address bar or the history.
  window.history.replaceState(null, '', window.location.pathname);
  if (!query) {
    status.textContent = 'Nothing to finish here. You can close this window.';
    return;
  }
  if (typeof BroadcastChannel !== 'function') {
    status.textContent = 'This browser cannot pass the sign-in back to Hearth.';
    return;
  }
  const channel = new BroadcastChannel('hearth-oauth');
  channel.postMessage(query);
  channel.close();
  status.textContent = 'Signed in. You can close this window and go back to Hearth.';
  window.close();
})();
