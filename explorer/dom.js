// Building the page's elements: el('p', { class: 'x', onclick: f }, 'text', child).

/** An element with attributes (`on…` ones are listeners) and children (strings, elements, arrays; undefined left out). */
export const el = (tag, attrs = {}, ...children) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat(Infinity)) if (c !== undefined && c !== null && c !== false) e.append(c);
  return e;
};

/** A status line's text and colour: ok or error. */
export const say = (node, ok, text) => {
  node.className = ok ? 'ok' : 'error';
  node.textContent = text;
};
