// The lesson page: player controls, the transcript that follows the audio and seeks on
// click, chapters, questions, reviews and likes.
'use strict';
(() => {
  const { api, el } = window.lectio;
  const audio = document.getElementById('audio');
  const cues = Array.from(document.querySelectorAll('.cue'));
  let times = [];  // [{start, end}] per sentence, from the WebVTT track (one cue per sentence)

  function seek(index) {
    if (!audio || !times[index]) return;
    audio.currentTime = times[index].start + 0.01;
    if (audio.paused) audio.play().catch(() => {});
  }

  // The sentence playing at time t: the last whose start is at or before t.
  function current(t) {
    let lo = 0, hi = times.length - 1, found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (times[mid].start <= t) { found = mid; lo = mid + 1; } else { hi = mid - 1; }
    }
    return found;
  }

  let shown = -1;
  function highlight() {
    const i = current(audio.currentTime);
    if (i === shown) return;
    if (shown >= 0 && cues[shown]) cues[shown].classList.remove('current');
    shown = i;
    if (i < 0 || !cues[i]) return;
    cues[i].classList.add('current');
    const box = document.getElementById('transcript');
    const top = cues[i].offsetTop - box.offsetTop;
    if (top < box.scrollTop + 40 || top > box.scrollTop + box.clientHeight - 60) {
      box.scrollTo({ top: Math.max(0, top - box.clientHeight / 3), behavior: 'smooth' });
    }
    document.querySelectorAll('button.chapter').forEach((b) => {
      const section = cues[i].closest('.script-section');
      b.classList.toggle('current', section && b.dataset.section === section.dataset.section);
    });
  }

  function loadTrack() {
    const track = audio.textTracks[0];
    if (!track) return;
    track.mode = 'hidden';  // cues load, nothing is drawn
    const ready = () => {
      if (!track.cues || track.cues.length === 0) return false;
      times = Array.from(track.cues).map((c) => ({ start: c.startTime, end: c.endTime }));
      document.body.dataset.transcript = 'ready';
      highlight();
      return true;
    };
    if (!ready()) {
      const trackEl = audio.querySelector('track');
      trackEl.addEventListener('load', ready);
      const poll = setInterval(() => { if (ready()) clearInterval(poll); }, 250);
    }
  }

  if (audio) {
    loadTrack();
    audio.addEventListener('timeupdate', highlight);
    audio.addEventListener('seeked', highlight);
    const speed = document.getElementById('speed');
    speed.addEventListener('change', () => { audio.playbackRate = Number(speed.value); });
    document.getElementById('back15').addEventListener('click', () => {
      audio.currentTime = Math.max(0, audio.currentTime - 15);
    });
    document.getElementById('fwd15').addEventListener('click', () => {
      audio.currentTime = Math.min(audio.duration || Infinity, audio.currentTime + 15);
    });
    cues.forEach((cue) => {
      const go = () => seek(Number(cue.dataset.index));
      cue.addEventListener('click', (e) => { if (!e.target.closest('a')) go(); });
      cue.addEventListener('keydown', (e) => { if (e.key === 'Enter') go(); });
    });
    document.querySelectorAll('button.chapter').forEach((b) => {
      b.addEventListener('click', () => {
        const first = document.querySelector(
          `.script-section[data-section="${b.dataset.section}"] .cue`);
        if (first) seek(Number(first.dataset.index));
      });
    });
  }

  // Ask a question: the answer is built from text nodes, never from HTML.
  const askForm = document.getElementById('ask-form');
  const answerBox = document.getElementById('answer');
  if (askForm) {
    askForm.addEventListener('submit', async (e) => {
      e.preventDefault();
      const question = askForm.querySelector('input[name=q]').value.trim();
      if (!question) return;
      answerBox.setAttribute('aria-busy', 'true');
      try {
        const a = await api('POST', `/api/lessons/${askForm.dataset.lesson}/ask`, { question });
        const body = el('div', { class: 'answer-body' }, el('p', { class: 'answer-question' }, a.question));
        if (!a.supported) {
          body.append(el('p', { class: 'unsupported' }, answerBox.dataset.unsupported));
        } else {
          const numbers = new Map(a.sources.map((s, i) => [s.chunk_id, i + 1]));
          const p = el('p');
          for (const s of a.sentences) {
            p.append(s.text);
            for (const c of s.citations) {
              if (!numbers.has(c)) continue;
              const n = numbers.get(c);
              p.append(el('sup', {}, el('a', { class: 'cite', href: `#answer-source-${n}`, title: c }, `[${n}]`)));
            }
            p.append(' ');
          }
          const list = el('ol', { class: 'answer-sources' });
          a.sources.forEach((s, i) => {
            list.append(el('li', { id: `answer-source-${i + 1}` },
              el('a', { href: s.url }, `[${s.chunk_id}]`), ` ${s.file_name} ${s.pages}`));
          });
          body.append(p, list);
        }
        answerBox.replaceChildren(body);
      } catch (err) {
        answerBox.replaceChildren(el('p', { class: 'error' }, err.message || answerBox.dataset.error));
      } finally {
        answerBox.removeAttribute('aria-busy');
      }
    });
  }

  // Reviews: posted through the API, then the page shows the new state.
  const reviewForm = document.getElementById('review-form');
  if (reviewForm) {
    reviewForm.addEventListener('submit', async (e) => {
      e.preventDefault();
      const rating = reviewForm.querySelector('input[name=rating]:checked');
      const text = reviewForm.querySelector('textarea[name=text]').value;
      try {
        await api('POST', `/api/lessons/${reviewForm.dataset.lesson}/reviews`,
                  { rating: Number(rating ? rating.value : 0), text });
        window.location.hash = 'reviews';
        window.location.reload();
      } catch (err) {
        let box = reviewForm.querySelector('.error');
        if (!box) { box = el('p', { class: 'error', role: 'alert' }); reviewForm.append(box); }
        box.textContent = err.message;
      }
    });
  }
  document.querySelectorAll('button.like').forEach((b) => {
    b.addEventListener('click', async () => {
      const liked = !b.classList.contains('liked');
      try {
        const r = await api(liked ? 'PUT' : 'DELETE', `/api/reviews/${b.dataset.review}/like`);
        b.classList.toggle('liked', r.liked);
        b.querySelector('.likes').textContent = r.likes;
      } catch (err) { /* signed out meanwhile: the button stays as it was */ }
    });
  });
  document.querySelectorAll('button.delete-review').forEach((b) => {
    b.addEventListener('click', async () => {
      try {
        await api('DELETE', `/api/reviews/${b.dataset.review}`);
        window.location.reload();
      } catch (err) { /* not ours or gone: nothing to do */ }
    });
  });
})();
