/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
// The outbox operator console: reads and changes messages through the outbox actuator endpoint only.
// Every value from the server is written with textContent, never as HTML.
'use strict';

(function () {
  const endpoint = document.querySelector('meta[name="outbox-endpoint"]').content;
  const states = ['PENDING', 'SENT', 'FAILED', 'CONSUMED', 'SUSPENDED'];
  // Which messages each action applies to comes with the overview, from the outbox's own rules.
  const view = { store: null, filter: { state: '', type: '' }, nextAfterId: null, selected: null, busy: false,
    actions: {} };

  const byId = (id) => document.getElementById(id);

  function showStatus(text, kind) {
    const status = byId('status');
    status.textContent = text;
    status.className = kind || '';
  }

  // Spring Security's CSRF token: the one the page was served with (any token repository), or else the XSRF-TOKEN
  // cookie of a CookieCsrfTokenRepository.
  const csrf = {
    header: document.querySelector('meta[name="outbox-csrf-header"]').content,
    token: document.querySelector('meta[name="outbox-csrf-token"]').content
  };

  function csrfHeaders() {
    if (csrf.header && csrf.token) return { [csrf.header]: csrf.token };
    const cookie = document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='));
    return cookie ? { 'X-XSRF-TOKEN': decodeURIComponent(cookie.substring('XSRF-TOKEN='.length)) } : {};
  }

  // Every read names the store shown once the overview told which it is, so that an application with several
  // stores reads the messages of the chosen one; changes name it in their path or body.
  function onStore(path) {
    if (view.store == null) return path;
    return path + (path.includes('?') ? '&' : '?') + new URLSearchParams({ store: view.store });
  }

  // Every change is a JSON POST, even one without a body: the endpoint refuses any other (a page of another site
  // could send it with the operator's cookies).
  async function call(method, path, body) {
    const headers = Object.assign({ Accept: 'application/json' },
      method === 'POST' ? Object.assign({ 'Content-Type': 'application/json' }, csrfHeaders()) : {});
    const response = await fetch(endpoint + path, {
      method: method,
      headers: headers,
      body: body ? JSON.stringify(body) : undefined,
      credentials: 'same-origin'
    });
    let answer = null;
    try {
      answer = await response.json();
    } catch (ignored) {
      answer = null;
    }
    return { status: response.status, body: answer };
  }

  function cell(row, text) {
    const td = document.createElement('td');
    td.textContent = text == null ? '' : String(text);
    row.appendChild(td);
  }

  async function loadOverview() {
    const answer = await call('GET', onStore(''));
    if (answer.status !== 200) {
      showStatus('The outbox endpoint answered ' + answer.status + ': is it exposed (management.endpoints.web.exposure.include)?', 'error');
      return;
    }
    showStores(answer.body.store, answer.body.stores || []);
    view.actions = answer.body.actions || {};
    updateActions();
    const counts = byId('counts');
    counts.replaceChildren();
    states.forEach((state) => {
      const item = document.createElement('li');
      const button = document.createElement('button');
      button.type = 'button';
      button.dataset.test = 'count-' + state;
      button.dataset.state = state;
      button.className = 'count state-' + state;
      const label = document.createElement('span');
      label.textContent = state;
      const value = document.createElement('strong');
      value.textContent = String(answer.body.counts[state] ?? 0);
      button.append(label, value);
      button.addEventListener('click', () => applyFilter(state, ''));
      item.appendChild(button);
      counts.appendChild(item);
    });
    byId('oldest-due').textContent = answer.body.oldestDueAt
      ? 'Oldest due message: due since ' + answer.body.oldestDueAt + ' (' + answer.body.oldestDueAge + ')'
      : 'Nothing is waiting to be delivered.';
  }

  function showStores(current, stores) {
    view.store = current;
    const choice = byId('store');
    choice.replaceChildren();
    stores.forEach((store) => {
      const option = document.createElement('option');
      option.value = store;
      option.textContent = store;
      option.selected = store === current;
      choice.appendChild(option);
    });
    byId('store-choice').hidden = stores.length < 2;
  }

  function chooseStore(store) {
    view.store = store;
    view.selected = null;
    view.nextAfterId = null;
    byId('details').hidden = true;
    updateActions();
    refresh();
  }

  async function loadMessages(append) {
    const query = new URLSearchParams({ size: '50' });
    if (view.filter.state) query.set('state', view.filter.state);
    if (view.filter.type) query.set('type', view.filter.type);
    if (append && view.nextAfterId != null) query.set('after', String(view.nextAfterId));
    const answer = await call('GET', onStore('/messages?' + query));
    if (answer.status !== 200) {
      showStatus((answer.body && answer.body.message) || 'Could not list messages (' + answer.status + ')', 'error');
      return;
    }
    const rows = byId('messages');
    if (!append) rows.replaceChildren();
    answer.body.messages.forEach((message) => {
      const row = document.createElement('tr');
      row.dataset.test = 'message-' + message.id;
      row.tabIndex = 0;
      [message.id, message.messageType, message.messageKey, message.state, message.retryCount,
        message.nextRetryAt, message.lastError].forEach((value) => cell(row, value));
      row.addEventListener('click', () => select(message.id));
      row.addEventListener('keydown', (event) => { if (event.key === 'Enter') select(message.id); });
      rows.appendChild(row);
    });
    view.nextAfterId = answer.body.nextAfterId;
    byId('more').hidden = view.nextAfterId == null;
  }

  function field(list, name, value) {
    const term = document.createElement('dt');
    term.textContent = name;
    const definition = document.createElement('dd');
    definition.textContent = value == null ? '—' : String(value);
    definition.dataset.test = 'field-' + name;
    list.append(term, definition);
  }

  // Each choice of a message takes a ticket; only the answer to the latest one is shown, so that a refresh that
  // re-reads the chosen message never puts it back over one the operator chose meanwhile.
  let selections = 0;

  async function select(id) {
    const ticket = ++selections;
    const answer = await call('GET', onStore('/messages/' + id));
    if (ticket !== selections) return;
    if (answer.status !== 200) {
      showStatus((answer.body && answer.body.message) || 'Could not read message ' + id, 'error');
      return;
    }
    const message = answer.body;
    view.selected = message;
    byId('details').hidden = false;
    byId('details-title').textContent = 'Message ' + message.id;
    const fields = byId('details-fields');
    fields.replaceChildren();
    field(fields, 'state', message.state);
    field(fields, 'type', message.messageType);
    field(fields, 'key', message.messageKey);
    field(fields, 'topic', message.topic);
    field(fields, 'ordering key', message.orderingKey);
    field(fields, 'failed attempts', message.retryCount);
    field(fields, 'next due', message.nextRetryAt);
    field(fields, 'last attempt', message.lastAttemptAt);
    field(fields, 'delivered as', message.brokerMessageId);
    field(fields, 'saved', message.createdAt);
    field(fields, 'changed', message.modifiedAt);
    byId('details-reason').textContent = message.failReason || '—';
    byId('details-headers').textContent = JSON.stringify(message.headers || {}, null, 2);
    byId('details-body').textContent = message.body;
    updateActions();
  }

  function updateActions() {
    const message = view.selected;
    document.querySelectorAll('[data-action]').forEach((button) => {
      const action = button.dataset.action;
      const rule = view.actions[action];
      const allowed = message != null && rule != null && rule.states.includes(message.state)
        && (!rule.needsOrderingKey || message.orderingKey != null);
      button.disabled = view.busy || !allowed;
    });
  }

  function updateBulkAction() {
    const button = byId('retry-failed');
    button.disabled = view.busy || !view.filter.type;
    button.title = view.filter.type ? 'Re-drive every FAILED message of type ' + view.filter.type
      : 'Choose a type in the filter first';
  }

  async function retryAllFailed() {
    const type = view.filter.type;
    if (view.busy || !type || !window.confirm('Re-drive every FAILED message of type ' + type + '?')) return;
    view.busy = true;
    updateActions();
    updateBulkAction();
    try {
      const answer = await call('POST', '/retry-failed', { type: type, store: view.store });
      reportChange(answer);
    } finally {
      view.busy = false;
      updateBulkAction();
      await refresh();
    }
  }

  function reportChange(answer) {
    if (answer.body && answer.body.message) {
      showStatus(answer.body.message, answer.status === 200 ? 'ok' : 'error');
    } else if (answer.status === 404 || answer.status === 405) {
      showStatus('Changes are not enabled on this application: an administrator grants them with '
        + 'management.endpoint.outbox.access=unrestricted.', 'error');
    } else {
      showStatus('The change was not made (' + answer.status + ').', 'error');
    }
  }

  async function act(action) {
    const message = view.selected;
    if (view.busy || message == null) return;
    view.busy = true;
    updateActions();
    try {
      const store = view.store == null ? '' : '/stores/' + encodeURIComponent(view.store);
      const answer = await call('POST', store + '/messages/' + message.id + '/' + action);
      reportChange(answer);
    } finally {
      view.busy = false;
      await refresh();
    }
  }

  // The message types switched away from their broker, each with a button that switches it back.
  async function loadSwitches() {
    const answer = await call('GET', onStore('/switches'));
    if (answer.status !== 200) {
      showStatus((answer.body && answer.body.message) || 'Could not list the switches (' + answer.status + ')', 'error');
      return;
    }
    const list = byId('switches');
    list.replaceChildren();
    answer.body.switches.forEach((switched) => {
      const item = document.createElement('li');
      item.dataset.test = 'switch-' + switched.messageType;
      const text = document.createElement('span');
      text.textContent = switched.messageType + ' → ' + switched.mode + ' since ' + switched.switchedAt;
      const back = document.createElement('button');
      back.type = 'button';
      back.dataset.test = 'switch-back-' + switched.messageType;
      back.textContent = 'Switch back to its broker';
      back.addEventListener('click', () => switchType(switched.messageType, 'back'));
      item.append(text, back);
      list.appendChild(item);
    });
    byId('switches-none').hidden = answer.body.switches.length > 0;
  }

  async function switchType(type, to) {
    if (view.busy || !type) return;
    view.busy = true;
    try {
      const answer = await call('POST', '/switches/' + encodeURIComponent(type), { to: to, store: view.store });
      reportChange(answer);
    } finally {
      view.busy = false;
      await refresh();
    }
  }

  // Reconciliation: the SENT messages a consumer group has not consumed, and those the broker lost.
  function showFindings(summary, items) {
    byId('reconciliation-summary').textContent = summary;
    const list = byId('reconciliation-list');
    list.replaceChildren();
    items.forEach((text) => {
      const item = document.createElement('li');
      item.textContent = text;
      list.appendChild(item);
    });
  }

  function reportRead(answer, what) {
    showStatus((answer.body && answer.body.message) || 'Could not read ' + what + ' (' + answer.status + ')', 'error');
  }

  async function loadUnconsumed(group, minutes) {
    const query = new URLSearchParams({ group: group, olderThan: 'PT' + minutes + 'M' });
    const answer = await call('GET', onStore('/unconsumed?' + query));
    if (answer.status !== 200) {
      reportRead(answer, 'what ' + group + ' has not consumed');
      return;
    }
    const messages = answer.body.messages;
    showFindings(messages.length === 0 ? group + ' consumed every message sent until ' + minutes + ' minutes ago.'
      : messages.length + (answer.body.nextAfterId != null ? '+' : '') + ' message(s) sent more than ' + minutes
        + ' minutes ago that ' + group + ' has not consumed:',
      messages.map((message) => '#' + message.id + ' ' + message.messageType + ' ' + message.messageKey));
    byId('resend').hidden = true;
  }

  function windowOf(minutes) {
    const to = new Date();
    return { from: new Date(to.getTime() - minutes * 60000).toISOString(), to: to.toISOString() };
  }

  async function reconcile(minutes) {
    const range = windowOf(minutes);
    const answer = await call('GET', onStore('/reconciliation?' + new URLSearchParams(range)));
    if (answer.status !== 200) {
      reportRead(answer, 'the reconciliation');
      return;
    }
    const found = answer.body;
    showFindings(found.checked + ' message(s) sent in the last ' + minutes + ' minutes checked: ' + found.found
      + ' found, ' + found.problems.length + ' lost or mismatched, ' + found.notCheckable + ' not checkable'
      + (found.complete ? '.' : ' (only the first ones: narrow the window).'),
      found.problems.map((problem) => '#' + problem.id + ' ' + problem.status + ': ' + problem.detail));
    const resend = byId('resend');
    resend.hidden = found.problems.length === 0;
    resend.onclick = () => resendLost(range);
  }

  async function resendLost(range) {
    if (view.busy) return;
    view.busy = true;
    try {
      const answer = await call('POST', '/reconciliation', Object.assign({ store: view.store }, range));
      if (answer.status === 200) {
        showStatus(answer.body.resent.length + ' message(s) are PENDING again and will be re-sent.', 'ok');
        byId('resend').hidden = true;
      } else {
        reportChange(answer);
      }
    } finally {
      view.busy = false;
      await refresh();
    }
  }

  async function refresh() {
    const ticket = selections;
    await loadOverview();
    await loadSwitches();
    await loadMessages(false);
    if (view.selected && ticket === selections) await select(view.selected.id);
  }

  function applyFilter(state, type) {
    const form = byId('filter');
    form.elements.state.value = state;
    form.elements.type.value = type;
    view.filter = { state: state, type: type };
    updateBulkAction();
    loadMessages(false);
  }

  document.addEventListener('DOMContentLoaded', () => {
    byId('filter').addEventListener('submit', (event) => {
      event.preventDefault();
      const form = event.target;
      applyFilter(form.elements.state.value, form.elements.type.value.trim());
    });
    byId('more').addEventListener('click', () => loadMessages(true));
    byId('refresh').addEventListener('click', refresh);
    byId('store').addEventListener('change', (event) => chooseStore(event.target.value));
    byId('retry-failed').addEventListener('click', retryAllFailed);
    byId('unconsumed-form').addEventListener('submit', (event) => {
      event.preventDefault();
      loadUnconsumed(event.target.elements.group.value.trim(), Number(event.target.elements.minutes.value));
    });
    byId('reconcile-form').addEventListener('submit', (event) => {
      event.preventDefault();
      reconcile(Number(event.target.elements.minutes.value));
    });
    byId('switch-form').addEventListener('submit', (event) => {
      event.preventDefault();
      const form = event.target;
      switchType(form.elements.type.value.trim(), form.elements.to.value);
    });
    document.querySelectorAll('[data-action]').forEach((button) => {
      button.addEventListener('click', () => act(button.dataset.action));
    });
    updateActions();
    refresh();
  });
})();
