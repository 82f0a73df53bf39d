// The lesson editor: loads the lesson's current version, lets its creator change, delete,
// move (within a section) and add sentences (citing a chunk found in the lesson's sources),
// and saves it as a new version. Sentences the verifier finds unsupported are marked where
// they are, with the reason.
'use strict';
(() => {
  const { api, csrf, el } = window.lectio;
  const page = document.querySelector('.edit-page');
  if (!page) return;
  const id = page.dataset.lesson;
  const t = document.getElementById('edit-messages').dataset;
  const status = document.getElementById('edit-status');
  let doc = null;

  function sentenceRow(list, index, where, hosts) {
    const s = list[index];
    const row = el('li', { class: 'edit-sentence', 'data-where': where });
    if (hosts.length && where.startsWith('section')) {
      const speaker = el('select', { class: 'speaker', 'aria-label': t.speaker });
      for (const h of hosts) {
        const o = el('option', { value: h }, h);
        if (h === s.speaker) o.selected = true;
        speaker.append(o);
      }
      speaker.addEventListener('change', () => { s.speaker = speaker.value; });
      row.append(speaker);
    }
    const text = el('textarea', { class: 'text', rows: '2', 'aria-label': where });
    text.value = s.text;
    text.addEventListener('input', () => { s.text = text.value; });
    row.append(text);
    row.append(el('span', { class: 'cites' },
                  s.citations.length ? `[${s.citations.join(', ')}]` : t.connective));
    const button = (label, cls, fn) => {
      const b = el('button', { type: 'button', class: `link ${cls}` }, label);
      b.addEventListener('click', () => { fn(); draw(); });
      return b;
    };
    row.append(button(t.up, 'up', () => {
      if (index > 0) [list[index - 1], list[index]] = [list[index], list[index - 1]];
    }));
    row.append(button(t.down, 'down', () => {
      if (index + 1 < list.length) [list[index + 1], list[index]] = [list[index], list[index + 1]];
    }));
    row.append(button(t.delete, 'delete', () => list.splice(index, 1)));
    row.append(el('p', { class: 'finding', hidden: '' }));
    return row;
  }

  // A search box over the lesson's sources; picking a chunk adds a sentence citing it.
  function adder(list, speaker) {
    const box = el('details', { class: 'edit-add' }, el('summary', {}, t.add));
    const q = el('input', { type: 'search', class: 'chunk-query', 'aria-label': t.search,
                            placeholder: t.search });
    const hits = el('ul', { class: 'chunk-hits' });
    q.addEventListener('keydown', async (e) => {
      if (e.key !== 'Enter') return;
      e.preventDefault();
      const r = await api('GET', `/api/lessons/${encodeURIComponent(id)}/chunks?q=${encodeURIComponent(q.value)}`);
      hits.replaceChildren();
      for (const c of r.chunks) {
        const pick = el('button', { type: 'button', class: 'cite-chunk', 'data-chunk': c.chunk_id }, t.cite);
        pick.addEventListener('click', () => {
          list.push({ text: c.text.split(/(?<=[.!?])\s/)[0], speaker, citations: [c.chunk_id] });
          draw();
        });
        hits.append(el('li', {}, el('code', {}, c.chunk_id), ' ', c.snippet.replace(/\[\[|\]\]/g, ''), ' ', pick));
      }
    });
    box.append(q, hits);
    return box;
  }

  function draw() {
    const sections = document.getElementById('edit-sections');
    sections.replaceChildren();
    doc.sections.forEach((sec, i) => {
      const title = el('input', { type: 'text', class: 'section-title', 'aria-label': sec.label });
      title.value = sec.title;
      title.addEventListener('input', () => { sec.title = title.value; });
      const list = el('ol', { class: 'edit-sentences' });
      sec.sentences.forEach((_, j) => list.append(sentenceRow(sec.sentences, j, `section-${i}-${j}`, doc.hosts)));
      sections.append(el('section', { class: 'edit-section', 'data-section': String(i) },
                         el('h2', {}, sec.label, ': ', title), list, adder(sec.sentences, doc.hosts[0] || '')));
    });
    const faq = document.getElementById('edit-faq');
    faq.replaceChildren();
    doc.faq.forEach((item, i) => {
      const question = el('input', { type: 'text', class: 'question', 'aria-label': t.question });
      question.value = item.question;
      question.addEventListener('input', () => { item.question = question.value; });
      const list = el('ol', { class: 'edit-sentences' });
      item.answer.forEach((_, j) => list.append(sentenceRow(item.answer, j, `faq-${i}-${j}`, [])));
      faq.append(el('section', { class: 'edit-faq-item' }, question, list, adder(item.answer, '')));
    });
  }

  function mark(findings) {
    for (const f of findings) {
      const where = f.at.section !== undefined ? `section-${f.at.section}-${f.at.sentence}`
                                               : `faq-${f.at.faq}-${f.at.sentence}`;
      const row = document.querySelector(`[data-where="${where}"]`);
      if (!row) continue;
      row.classList.add('unsupported');
      const p = row.querySelector('.finding');
      p.textContent = f.reason;
      p.hidden = false;
    }
  }

  document.getElementById('edit-save').addEventListener('click', async () => {
    doc.title = document.getElementById('edit-title-field').value;
    doc.description = document.getElementById('edit-description').value;
    doc.tags = document.getElementById('edit-tags').value.split(',').map((s) => s.trim()).filter(Boolean);
    draw();
    status.textContent = t.saving;
    const res = await fetch(`/api/lessons/${encodeURIComponent(id)}/script`, {
      method: 'PUT', credentials: 'same-origin', body: JSON.stringify(doc),
      headers: { 'X-CSRF-Token': csrf(), 'Content-Type': 'application/json', Accept: 'application/json' },
    });
    const r = await res.json().catch(() => ({}));
    if (res.status === 422) {
      status.textContent = r.error.message;
      mark(r.check.unsupported);
      return;
    }
    if (res.status === 409) {
      status.textContent = `${t.conflict} (${r.version})`;
      return;
    }
    if (!res.ok) {
      status.textContent = (r.error && r.error.message) || res.statusText;
      if (r.error && r.error.at) mark([{ at: r.error.at, reason: r.error.message }]);
      return;
    }
    doc.version = r.version;
    page.dataset.version = String(r.version);
    document.getElementById('edit-version').textContent = String(r.version);
    status.textContent = `${t.saved} ${r.version}`;
    const audio = document.getElementById('edit-audio');
    audio.src = r.audio.mp3;
    audio.hidden = false;
  });

  (async () => {
    doc = await api('GET', `/api/lessons/${encodeURIComponent(id)}/script`);
    document.getElementById('edit-title-field').value = doc.title;
    document.getElementById('edit-description').value = doc.description;
    document.getElementById('edit-tags').value = doc.tags.join(', ');
    draw();
    page.classList.add('ready');
  })();
})();
