// Hearth's JavaScript sandbox runner, the one script of `sandbox-closed.html`
// and `sandbox-open.html` (which differ only in their `connect-src`). The app
// loads one of them in an `<iframe sandbox="allow-scripts">`, so the runner has
// an opaque origin: no storage, cookies or DOM of the app. It runs one job in a
// dedicated Worker, so that even an endless loop blocks only the worker; the
// app removes the iframe to stop it. See src/io/sandbox.rs for the protocol.
//
// The documents are plain files served beside the app, so anyone can open or
// frame them without the sandbox attribute; they would then run in Hearth's
// origin, where a worker could open Hearth's IndexedDB. So the runner refuses
// every job unless its own origin is opaque (`"null"`).
(() => {
  'use strict';

  // The worker's whole source. It is turned into text with `String(worker)`,
  // so it must not use anything from this scope.
  function worker() {
    const AsyncFunction = (async () => {}).constructor;
    const stringify = JSON.stringify;
    const toText = String;
    self.onmessage = async (event) => {
      self.onmessage = null;
      const { code, args, limit, port } = event.data;
      const send = port.postMessage.bind(port);
      send({ started: true });
      // Logs are kept up to twice the limit; the app does the exact cut.
      const logs = [];
      let size = 0;
      let truncated = false;
      const show = (value) => {
        if (typeof value === 'string') return value;
        if (value instanceof Error) return toText(value);
        try {
          const text = stringify(value);
          if (text !== undefined) return text;
        } catch {}
        try { return toText(value); } catch { return '[unprintable]'; }
      };
      const record = (prefix) => (...values) => {
        if (truncated) return;
        const line = prefix + values.map(show).join(' ');
        size += line.length;
        if (size > 2 * limit) truncated = true;
        logs.push(line);
      };
      const capture = Object.freeze({
        log: record(''),
        info: record(''),
        debug: record(''),
        warn: record('[warn] '),
        error: record('[error] '),
      });
      self.console = capture;
      // An exception thrown later, by a timer or event the code set up, ends
      // the run as a failure if it comes before the result.
      addEventListener('error', (error) => {
        error.preventDefault();
        send({ ok: false, error: toText(error.message || 'Uncaught exception'), logs, truncated });
      });
      let message;
      try {
        const run = new AsyncFunction('args', 'console', code);
        const value = await run(args, capture);
        let result;
        try {
          result = value === undefined ? 'null' : stringify(value);
        } catch {}
        if (result === undefined) {
          try { result = stringify(toText(value)); } catch { result = '"[unprintable]"'; }
        }
        if (result.length > 2 * limit) {
          result = result.slice(0, 2 * limit);
          truncated = true;
        }
        message = { ok: true, result, logs, truncated };
      } catch (error) {
        let text;
        try {
          text = error instanceof Error ? toText(error) : 'Uncaught ' + show(error);
        } catch { text = 'Uncaught exception'; }
        message = { ok: false, error: text.slice(0, limit), logs, truncated };
      }
      send(message);
    };
  }

  let started = false;
  addEventListener('message', (event) => {
    if (started || event.source !== parent) return;
    const job = event.data;
    if (!job || typeof job.token !== 'string' || typeof job.code !== 'string') return;
    started = true;
    let answered = false;
    const reply = (data) => {
      if (answered) return;
      answered = true;
      data.token = job.token;
      parent.postMessage(data, '*');
    };
    if (self.origin !== 'null') {
      reply({ ok: false, unavailable: 'the runner is not in an opaque-origin sandbox, so it runs nothing' });
      return;
    }
    let thread;
    let running = false;
    const channel = new MessageChannel();
    try {
      const url = URL.createObjectURL(new Blob(['(' + worker + ')()'], { type: 'text/javascript' }));
      thread = new Worker(url);
      URL.revokeObjectURL(url);
    } catch (error) {
      reply({ ok: false, unavailable: 'cannot start a worker: ' + error });
      return;
    }
    // The limits are enforced here, in the runner's own context, which the
    // job's code cannot reach or patch; the worker's own cut is only a courtesy.
    const limit = Math.max(1, Number(job.limit) || 20000);
    channel.port1.onmessage = (message) => {
      const data = message.data;
      if (!data || data.started) {
        running = true;
        return;
      }
      let truncated = data.truncated === true;
      const cut = (text) => {
        if (text.length <= limit) return text;
        truncated = true;
        return text.slice(0, limit);
      };
      const logs = [];
      let size = 0;
      if (Array.isArray(data.logs)) {
        for (let i = 0; i < data.logs.length; i += 1) {
          if (size >= limit) { truncated = true; break; }
          let line = String(data.logs[i]);
          if (size + line.length > limit) { line = line.slice(0, limit - size); truncated = true; }
          size += line.length;
          logs.push(line);
        }
      }
      if (data.ok) reply({ ok: true, result: cut(String(data.result)), logs, truncated });
      else reply({ ok: false, error: cut(String(data.error)), logs, truncated });
    };
    thread.onerror = (error) => {
      error.preventDefault();
      const text = String(error.message || 'unknown error');
      // Before the worker said it started, its script did not load or run.
      if (running) reply({ ok: false, error: text, logs: [], truncated: false });
      else reply({ ok: false, unavailable: 'the worker did not start: ' + text });
    };
    thread.postMessage({ code: job.code, args: job.args, limit: job.limit, port: channel.port2 }, [channel.port2]);
  });
  parent.postMessage({ ready: true }, '*');
})();
