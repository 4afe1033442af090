// The browser's entry: the stylesheet, then the app. A page the server rendered (the public pages,
// issue 15) paints from its HTML first and fetches the app's JavaScript only after that first
// frame, so a phone on a slow link shows the page while the code is still on its way and the
// download does not compete with the first paint. Any other page starts the app at once.
// It imports nothing else: a module shared with the app would make every lazy chunk that uses it
// load this chunk's stylesheet again.
import './index.css';

const start = () => void import('./main');

if (document.getElementById('root')?.firstElementChild) {
  // A rAF callback runs just before its frame paints; the timeout after it, once it has painted.
  requestAnimationFrame(() => setTimeout(start, 0));
} else {
  start();
}
