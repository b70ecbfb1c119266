// Backroom's thin client: a hash router over its screens (screens/*.js).
//   #/                         games, create a lobby, my matches
//   #/join/<lobby>/<invite>    join with the invite (the secret stays in the fragment)
//   #/table/<lobby>            the lobby, then the match (needs this browser's token)
//   #/watch/<lobby>/<secret>   spectator view
//   #/program/<lobby>/<token>  a program seat's link: for a program, not a browser
//   #/rules/<game>             the game's rules summary and glossary
// The server is authoritative: the client only draws the views it is sent
// and turns prompts into actions; there are no optimistic moves.


import { registerRenderer } from './renderers.js';
import './games/kit/generic.js';
import { rulesPage } from './help.js';
import { screen, app, connPill } from './screens/page.js';
import { landingPage } from './screens/home.js';
import { joinPage } from './screens/join.js';
import { adoptSeat, programLinkPage } from './screens/seat.js';
import { tablePage } from './screens/table.js';
import { previewPage } from './screens/preview.js';

export { registerRenderer };

// ---------------------------------------------------------------- router

function route() {
  if (screen.cleanup) { try { screen.cleanup(); } catch { /* ignore */ } screen.cleanup = null; }
  connPill.hidden = true;
  const hash = location.hash || '#/';
  // The server's own invite form: /join#<lobby>.<invite> (or #<lobby>.<invite>).
  const legacy = /^#([0-9a-f-]{36})\.([\w-]+)$/i.exec(hash);
  if (legacy) {
    history.replaceState(null, '', `/#/join/${legacy[1]}/${legacy[2]}`);
    return route();
  }
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  window.scrollTo(0, 0);
  if (parts[0] === 'join' && parts[1] && parts[2]) return joinPage(parts[1], parts[2]);
  if (parts[0] === 'table' && parts[1]) return tablePage(parts[1], {});
  if (parts[0] === 'watch' && parts[1] && parts[2]) return tablePage(parts[1], { spectate: parts[2] });
  if (parts[0] === 'preview') return previewPage(parts[1]);
  if (parts[0] === 'rules' && parts[1]) return rulesPage(app, parts[1]);
  if (parts[0] === 'seat' && parts[1] && parts[2]) return adoptSeat(parts[1], parts[2]);
  if (parts[0] === 'program' && parts[1]) return programLinkPage(parts[1]);
  return landingPage();
}

screen.route = route;
window.addEventListener('hashchange', route);
if (location.pathname !== '/' && /^#[0-9a-f-]{36}\./i.test(location.hash)) {
  history.replaceState(null, '', `/${location.hash}`);
}
route();
