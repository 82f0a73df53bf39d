// The Review page: the learner's due cards, then new ones, one at a time; each rating
// (Again, Hard, Good, Easy) is sent to the server, which schedules the card with FSRS.
'use strict';
(() => {
  const { api } = window.lectio;
  const page = document.querySelector('.review-page');
  if (!page) return;
  const status = document.getElementById('review-status');
  const box = document.getElementById('review-card');
  const back = box.querySelector('.card-back');
  const show = document.getElementById('show-answer');
  let queue = [];

  function next() {
    const card = queue[0];
    if (!card) {
      box.hidden = true;
      document.getElementById('review-done').hidden = false;
      return;
    }
    box.dataset.card = card.id;
    box.dataset.lesson = card.lesson_id;
    box.querySelector('.card-lesson').textContent = card.lesson_title;
    box.querySelector('.card-front').textContent = card.front;
    box.querySelector('.card-answer').textContent = card.answer;
    box.querySelector('.card-sentence').textContent = `${card.sentence} [${card.chunk_id}]`;
    back.hidden = true;
    show.hidden = false;
    box.hidden = false;
  }

  show.addEventListener('click', () => {
    back.hidden = false;
    show.hidden = true;
  });

  box.addEventListener('click', async (e) => {
    const button = e.target.closest('.rate');
    if (!button) return;
    for (const b of box.querySelectorAll('.rate')) b.disabled = true;
    try {
      const r = await api('POST', `/api/cards/${encodeURIComponent(box.dataset.card)}/review`,
                          { lesson_id: box.dataset.lesson, rating: Number(button.dataset.rating) });
      const last = document.getElementById('review-last');
      last.querySelector('time').textContent = r.due_at;
      last.hidden = false;
      queue.shift();
      next();
    } catch (err) {
      status.textContent = err.message;
      status.hidden = false;
    } finally {
      for (const b of box.querySelectorAll('.rate')) b.disabled = false;
    }
  });

  (async () => {
    try {
      const lesson = page.dataset.lesson;
      const r = await api('GET', '/api/review' + (lesson ? `?lesson=${encodeURIComponent(lesson)}` : ''));
      queue = r.due.concat(r.new);
      status.hidden = true;
      next();
    } catch (err) {
      status.textContent = err.message;
    }
  })();
})();
