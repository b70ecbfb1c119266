// The X-Men renderer is games/xmen.js; the loader imports games/<game id>.js.
import './xmen.js';
