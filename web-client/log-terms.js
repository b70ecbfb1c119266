// Card and rule names in the log become terms whose texts show on hover
// and tap (the table standard "card texts on tap", in the log too).
//
// A game gives its names, each with whatever its term maker needs (an id,
// or a title and a lazily built tip); the new lines of the log (those not
// yet marked with the game's data attribute) get every name, longest first
// and as whole words, wrapped by the game's own term maker.

/**
 * An index of names for `decorateLogTerms`.
 * @template V
 * @param {Map<string, V>} names name → what the term maker needs
 * @param {number} minLength shorter names are left alone (too common)
 */
export function termsIndex(names, minLength = 4) {
  const list = [...names.keys()].filter((n) => n.length >= minLength).sort((a, b) => b.length - a.length);
  const esc = (x) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return { names, re: list.length ? new RegExp(`(?<![\\w'])(${list.map(esc).join('|')})(?![\\w])`, 'g') : null };
}

/**
 * Wraps the names in the log's new lines.
 * @template V
 * @param {{names: Map<string, V>, re: RegExp|null}} index
 * @param {string} mark the game's data attribute (camel case) marking lines done
 * @param {(name: string, value: V) => Node} term the element for one name
 * @param {{skipInsideTips?: boolean}} opts leave text already inside a `[data-tip]` alone
 */
export function decorateLogTerms(index, mark, term, { skipInsideTips = false } = {}) {
  const { names, re } = index;
  if (!re) return;
  for (const li of document.querySelectorAll(`.log-list li:not([data-${mark}])`)) {
    li.dataset[mark] = '1';
    const walker = document.createTreeWalker(li, NodeFilter.SHOW_TEXT);
    const nodes = [];
    while (walker.nextNode()) nodes.push(walker.currentNode);
    for (const node of nodes) {
      if (skipInsideTips && node.parentElement && node.parentElement.closest('[data-tip]')) continue;
      const text = node.textContent;
      re.lastIndex = 0;
      if (!re.test(text)) continue;
      re.lastIndex = 0;
      const frag = document.createDocumentFragment();
      let at = 0;
      let m;
      while ((m = re.exec(text))) {
        frag.append(text.slice(at, m.index), term(m[1], names.get(m[1])));
        at = m.index + m[1].length;
      }
      frag.append(text.slice(at));
      node.replaceWith(frag);
    }
  }
}
