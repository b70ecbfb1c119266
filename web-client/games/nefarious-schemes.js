// The Nefarious Schemes renderer is games/schemes.js; the loader imports games/<game id>.js.
import './schemes.js';
