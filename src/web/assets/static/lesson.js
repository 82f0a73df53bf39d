// The lesson page: the sticky player (collapsible; its height kept in --player-offset), the
// transcript that follows the audio, is one Tab stop and seeks on click or Enter,
// chapters, questions, reviews and likes.
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

  // The sticky player: --player-offset (on <html>) stays equal to its height, so that anchors,
  // focus and the transcript's scrolling land below it; .stuck once it sticks; collapsible.
  const player = document.getElementById('player');
  function playerOffset() {
    return player ? Math.ceil(player.getBoundingClientRect().height) : 0;
  }
  if (player) {
    const root = document.documentElement;
    const measure = () => root.style.setProperty('--player-offset', `${playerOffset()}px`);
    measure();
    new ResizeObserver(measure).observe(player);
    const sentinel = document.createElement('div');
    player.before(sentinel);
    new IntersectionObserver(([entry]) => {
      player.classList.toggle('stuck', !entry.isIntersecting && entry.boundingClientRect.top < 0);
    }).observe(sentinel);
    const toggle = document.getElementById('player-toggle');
    // The learner's choice holds on every lesson page of this browser (localStorage may be
    // refused, as in a private window: then it holds for this page only).
    const setCollapsed = (collapsed) => {
      player.classList.toggle('collapsed', collapsed);
      toggle.setAttribute('aria-expanded', String(!collapsed));
      const label = collapsed ? toggle.dataset.show : toggle.dataset.hide;
      toggle.setAttribute('aria-label', label);
      toggle.title = label;
    };
    try {
      if (localStorage.getItem('lectio.player.collapsed') === '1') setCollapsed(true);
    } catch (e) { /* storage refused */ }
    toggle.addEventListener('click', () => {
      const collapsed = !player.classList.contains('collapsed');
      setCollapsed(collapsed);
      try {
        localStorage.setItem('lectio.player.collapsed', collapsed ? '1' : '0');
      } catch (e) { /* storage refused */ }
    });
    // A page opened at #anchor was scrolled there before the offset was known.
    const target = window.location.hash && document.getElementById(window.location.hash.slice(1));
    if (target) target.scrollIntoView();
  }

  // Keeps sentence i in the part of the transcript box that is on screen below the player.
  function reveal(i) {
    const box = document.getElementById('transcript');
    const boxRect = box.getBoundingClientRect();
    const head = box.querySelector('h2');
    let top = boxRect.top + (head ? head.offsetHeight : 0);
    let bottom = boxRect.bottom;
    // The page is never moved for it; when the box is mostly off screen, its own height counts.
    const seenTop = Math.max(top, player ? player.getBoundingClientRect().bottom : 0);
    const seenBottom = Math.min(bottom, window.innerHeight);
    if (seenBottom - seenTop >= 60) [top, bottom] = [seenTop, seenBottom];
    const r = cues[i].getBoundingClientRect();
    if (r.top >= top + 8 && r.bottom <= bottom - 8) return;
    const delta = r.top - (top + (bottom - top) / 3);
    box.scrollTo({ top: Math.max(0, box.scrollTop + delta), behavior: 'smooth' });
  }

  // The transcript is one Tab stop (roving tabindex): arrows move between sentences, Enter or
  // Space plays from one; only the sentence holding the stop has its citations in Tab order.
  let stop = -1;
  function setStop(i) {
    if (i === stop || !cues[i]) return;
    if (cues[stop]) {
      cues[stop].tabIndex = -1;
      cues[stop].querySelectorAll('a.cite').forEach((a) => { a.tabIndex = -1; });
    }
    stop = i;
    cues[i].tabIndex = 0;
    cues[i].querySelectorAll('a.cite').forEach((a) => { a.tabIndex = 0; });
  }

  let shown = -1;
  function highlight() {
    const i = current(audio.currentTime);
    if (i === shown) return;
    if (shown >= 0 && cues[shown]) {
      cues[shown].classList.remove('current');
      cues[shown].removeAttribute('aria-current');
    }
    shown = i;
    if (i < 0 || !cues[i]) return;
    cues[i].classList.add('current');
    cues[i].setAttribute('aria-current', 'true');
    if (!document.getElementById('transcript').contains(document.activeElement)) setStop(i);
    reveal(i);
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

  // Heard to the end (past 90% of it): a signed-in learner's plan progress marks the lesson.
  const article = document.querySelector('article.lesson');
  if (audio && article && article.dataset.signedIn) {
    let told = false;
    const tell = () => {
      if (told || !audio.duration || audio.currentTime < 0.9 * audio.duration) return;
      told = true;
      api('POST', `/api/lessons/${encodeURIComponent(article.dataset.lesson)}/heard`)
        .then(() => { article.dataset.heard = '1'; })
        .catch(() => { told = false; });
    };
    audio.addEventListener('timeupdate', tell);
    audio.addEventListener('ended', tell);
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
    cues.forEach((cue, i) => {
      cue.tabIndex = -1;
      cue.setAttribute('aria-describedby', 'transcript-hint');
      cue.querySelectorAll('a.cite').forEach((a) => { a.tabIndex = -1; });
      cue.addEventListener('click', (e) => { if (!e.target.closest('a')) seek(i); });
      cue.addEventListener('focus', () => setStop(i));
    });
    setStop(0);
    const moves = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 };
    document.getElementById('transcript').addEventListener('keydown', (e) => {
      const cue = e.target.closest && e.target.closest('.cue');
      if (!cue || e.target !== cue || e.altKey || e.ctrlKey || e.metaKey) return;
      const i = Number(cue.dataset.index);
      let next = null;
      if (e.key in moves) next = i + moves[e.key];
      else if (e.key === 'Home') next = 0;
      else if (e.key === 'End') next = cues.length - 1;
      else if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        seek(i);
        return;
      }
      if (next === null) return;
      e.preventDefault();
      next = Math.max(0, Math.min(cues.length - 1, next));
      setStop(next);
      cues[next].focus();
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
          body.append(el('p', { class: 'unsupported' }, a.message || answerBox.dataset.unsupported));
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
        b.setAttribute('aria-pressed', String(r.liked));
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
