// The job page: follows a lesson being made (or an uploaded file being added) until it is done
// or failed.
'use strict';
(() => {
  const { api, el } = window.lectio;
  const box = document.getElementById('job');
  const state = document.getElementById('job-state');
  const progress = document.getElementById('job-progress');
  async function poll() {
    let job;
    try {
      job = (await api('GET', `/api/jobs/${box.dataset.job}`)).job;
    } catch (err) {
      state.textContent = err.message;
      return;
    }
    const key = 'state' + job.state.charAt(0).toUpperCase() + job.state.slice(1);
    state.textContent = box.dataset[key] || job.state;
    if (job.total > 0) progress.value = Math.round((100 * job.done) / job.total);
    if (job.state === 'failed') {
      const err = document.getElementById('job-error');
      err.textContent = job.error;
      err.hidden = false;
      progress.hidden = true;
      const edit = document.getElementById('job-edit');  // back to the brief, filled in
      if (edit) edit.hidden = false;
      return;
    }
    if (job.state === 'done') {
      progress.value = 100;
      const link = document.getElementById('job-link');
      const next = box.dataset.kind === 'ingest'
        ? el('a', { href: '/create#brief', id: 'job-sources' }, box.dataset.open)
        : el('a', { href: `/lessons/${job.lesson_id}`, id: 'job-lesson' }, box.dataset.open);
      link.replaceChildren(next);
      link.hidden = false;
      return;
    }
    setTimeout(poll, 700);
  }
  poll();
})();
