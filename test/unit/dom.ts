/**
 * A browser-like global environment (happy-dom) for tests that render or touch the DOM.
 * Import it first in such a test file; server and pure-rule tests do not need it.
 */
import { GlobalRegistrator } from '@happy-dom/global-registrator';

if (!GlobalRegistrator.isRegistered) {
  GlobalRegistrator.register({ url: 'http://localhost:8080/app/demo', width: 390, height: 844 });
}

/** Lets pending microtasks and effects settle (preact batches renders in a microtask or rAF). */
export async function settle(): Promise<void> {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

/*
 * happy-dom's `Node.prototype.nodeName` getter answers '' (each subclass overrides it), while DOMPurify reads
 * node names through that base getter so that clobbered properties cannot fool it: every element would look
 * unknown. Make the base getter answer what the node's own class says, as browsers do.
 */
{
  const base = Object.getOwnPropertyDescriptor(window.Node.prototype, 'nodeName');
  if (base?.get && base.get.call(document.createElement('p')) === '') {
    const baseGet = base.get;
    Object.defineProperty(window.Node.prototype, 'nodeName', {
      configurable: true,
      get(this: Node): string {
        for (let proto = Object.getPrototypeOf(this); proto && proto !== window.Node.prototype; proto = Object.getPrototypeOf(proto)) {
          const own = Object.getOwnPropertyDescriptor(proto, 'nodeName');
          if (own?.get) return own.get.call(this) as string;
        }
        return baseGet.call(this) as string;
      },
    });
  }
}

/*
 * happy-dom's NodeIterator loses its place when the node it just returned is removed (browsers step back to
 * the previous node), so DOMPurify would stop sanitising after the first element it removes. A small
 * iterator that follows the DOM rule for that case: continue from the node before the removed one.
 */
{
  const following = (node: Node, root: Node, skipChildren: boolean): Node | null => {
    if (!skipChildren && node.firstChild) return node.firstChild;
    for (let at: Node | null = node; at && at !== root; at = at.parentNode) if (at.nextSibling) return at.nextSibling;
    return null;
  };
  const preceding = (node: Node, root: Node): Node | null => {
    if (node === root) return null;
    let at = node.previousSibling;
    if (!at) return node.parentNode;
    while (at.lastChild) at = at.lastChild;
    return at;
  };
  document.createNodeIterator = function createNodeIterator(root: Node, whatToShow = 0xffffffff, filter?: NodeFilter | null) {
    let current: Node | null = null;
    let before: Node | null = null;
    const shown = (node: Node) => (whatToShow & (1 << (node.nodeType - 1))) !== 0
      && (!filter || (typeof filter === 'function' ? filter(node) : filter.acceptNode(node)) === 1);
    const step = (): Node | null => {
      if (!current) return root;
      if (current === root || root.contains(current)) return following(current, root, false);
      // The last node was removed: go on from the node that preceded it.
      return before ? (before === root ? root.firstChild : following(before, root, false)) : null;
    };
    return {
      root, whatToShow, filter: filter ?? null,
      nextNode(): Node | null {
        for (let next = step(); next; next = step()) {
          before = preceding(next, root);
          current = next;
          if (shown(next)) return next;
        }
        return null;
      },
    } as unknown as NodeIterator;
  } as typeof document.createNodeIterator;
}
