// Requests to this server's API (the only site the page talks to), mirroring the server's
// errors: a refused request throws an Error with the server's message, its status and body.

// Sends `body` (an object, or text already JSON) and returns the JSON answer.
export async function api(method, url, body) {
  const opts = { method, headers: {} };
  if (body !== undefined) {
    opts.headers['Content-Type'] = 'application/json';
    opts.body = typeof body === 'string' ? body : JSON.stringify(body);
  }
  const r = await fetch(url, opts);
  let data = null;
  try { data = await r.json(); } catch (_) { data = null; }
  if (!r.ok) {
    const e = new Error((data && data.error) || `the server answered ${r.status}`);
    e.status = r.status;
    e.data = data;
    throw e;
  }
  return data;
}
// Ends a session or job on the server, also while the page is being left (keepalive).
export function drop(kind, id) {
  if (!id) return;
  fetch(`/api/${kind}/${id}`, { method: 'DELETE', keepalive: true }).catch(() => {});
}
// A session the server no longer has (404), said so that the user knows what to do.
export function gone(e) {
  return e.status === 404
    ? new Error('this game has ended on the server (idle for too long, or the server needed the room): press New game')
    : e;
}
