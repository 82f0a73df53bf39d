// Shared by every page: the CSRF token for requests, JSON calls, and confirmations.
'use strict';
window.lectio = (() => {
  const csrf = () => document.querySelector('meta[name="csrf-token"]').content;
  // Calls the JSON API; resolves to the parsed body, rejects with the server's message.
  async function api(method, url, body) {
    const init = { method, headers: { 'X-CSRF-Token': csrf(), Accept: 'application/json' },
                   credentials: 'same-origin' };
    if (body !== undefined) {
      init.headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    const res = await fetch(url, init);
    const data = await res.json().catch(() => ({}));
    if (!res.ok) {
      const err = new Error((data.error && data.error.message) || res.statusText);
      err.status = res.status;
      throw err;
    }
    return data;
  }
  // Builds an element with text content only: never HTML from data.
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    for (const c of children) node.append(c);
    return node;
  }
  document.addEventListener('submit', (e) => {
    const form = e.target;
    if (form.dataset.confirm && !window.confirm(form.dataset.confirm)) e.preventDefault();
  });
  return { csrf, api, el };
})();
