// The renderer hook. Each game may register a renderer that draws its own
// board from the viewer's `view`; prompts stay generic (prompt.js) unless
// a renderer offers a richer control for a parameter.
//
// registerRenderer(gameId, {
//   render(view, ctx) -> Element        required: the board
//   input?(param, ask, ctx) -> Control  optional: a custom control for one
//                                       prompt parameter, or null for the
//                                       generic one. Control = {el, get(),
//                                       set?(v)}; get() returns the value or
//                                       undefined while nothing is chosen.
//   hexBoard?(cells, ctx, onPick) -> Element   optional: a clickable board
//                                       for `hex` inputs
//   pointBoard?(input, ctx, onPick) -> Element optional: a board for
//                                       `point` inputs
//   role?(view, seat) -> string         optional: the seat's role in the
//                                       game (the roster shows it)
//   seatRole?(seat, seats) -> string    optional: the side a seat plays
//                                       whatever the view (Heroes, Villain),
//                                       named in the lobby before the start
//   reference?() -> Element             optional: card and faction texts
//                                       for the rules help
// })
//
// In what render returns: `data-section="hand"` marks the viewer's own
// hand (moved under the prompt), `data-section="banner"` the game's status
// line (moved above the board; on a phone, shown on every tab), `data-k`/`data-v` a thing whose change
// flashes (changes.js), `data-tip` a text shown on hover and tap (tips.js).
//
// ctx: { view, seat (my seat or null), spectator, players (by seat),
//        seatName(s), names(text) (seat tokens rendered), pending, prompt,
//        outcome, lobby, version, log (the raw log lines this viewer has
//        read, oldest first; none in a replay),
//        draft (a per-prompt object kept across redraws),
//        presenceDot(s) (the online dot of the seat's player) }

const renderers = new Map();

export function registerRenderer(gameId, renderer) {
  if (!renderer || typeof renderer.render !== 'function') throw new Error('a renderer needs render(view, ctx)');
  renderers.set(gameId, renderer);
}

export function getRenderer(gameId) {
  return renderers.get(gameId) || renderers.get('*');
}

/**
 * Games with a folder games/<id>/ holding a renderer, games/<id>/table.js.
 * Add a game's id here with its renderer; others use the generic one
 * (games/kit/generic.js) without asking the server for a missing file.
 */
export const RENDERER_FILES = ['sealed-bids', 'xmen-mutant-revolution', 'villains', 'mutants', 'nefarious-schemes', 'crisis-protocol'];

/** Loads games/<id>/table.js once (it calls registerRenderer); quietly falls back. */
const loading = new Map();
export function loadRenderer(gameId) {
  if (renderers.has(gameId)) return Promise.resolve(renderers.get(gameId));
  if (!RENDERER_FILES.includes(gameId)) return Promise.resolve(getRenderer('*'));
  if (!loading.has(gameId)) {
    loading.set(
      gameId,
      import(`./games/${gameId}/table.js`).then(
        () => getRenderer(gameId),
        () => getRenderer('*'),
      ),
    );
  }
  return loading.get(gameId);
}

// Let games loaded as plain modules reach the hook without an import path.
window.Backroom = Object.assign(window.Backroom || {}, { registerRenderer });
