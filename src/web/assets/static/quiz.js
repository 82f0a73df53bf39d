// The quiz page: answering shows whether the choice was right and the cited sentence; the
// score is shown once every question is answered, and kept for a signed-in learner.
'use strict';
(() => {
  const { api } = window.lectio;
  const page = document.querySelector('.quiz-page');
  if (!page) return;
  const questions = Array.from(page.querySelectorAll('.question'));
  let answered = 0;
  let correct = 0;

  async function finish() {
    const score = document.getElementById('quiz-score');
    score.querySelector('.correct').textContent = String(correct);
    score.hidden = false;
    if (!document.querySelector('#nav-review')) return;  // signed out: nothing to keep
    try {
      await api('POST', `/api/lessons/${encodeURIComponent(page.dataset.lesson)}/quiz-score`,
                { correct, total: questions.length });
      score.querySelector('.saved').hidden = false;
    } catch (e) {
      score.append(` (${e.message})`);
    }
  }

  for (const q of questions) {
    q.addEventListener('click', (e) => {
      const chosen = e.target.closest('.option');
      if (!chosen || q.classList.contains('answered')) return;
      q.classList.add('answered');
      const right = q.dataset.answer;
      for (const o of q.querySelectorAll('.option')) {
        o.disabled = true;
        if (o.dataset.index === right) o.classList.add('right');
      }
      if (chosen.dataset.index === right) {
        correct += 1;
      } else {
        chosen.classList.add('wrong');
      }
      q.querySelector('.explanation').hidden = false;
      answered += 1;
      if (answered === questions.length) finish();
    });
  }
})();
