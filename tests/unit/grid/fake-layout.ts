/**
 * jsdom lays nothing out. The grid's body works out the rows and columns in sight from its
 * scroller's clientHeight and clientWidth, so the tests give the scroller (`.rg-scroll`) the
 * height its style says and a width the test chooses (0, the default: no layout, every column
 * drawn). Installed in beforeAll, put back in afterAll.
 */
import { afterAll, beforeAll } from 'vitest';

export function fakeGridLayout(width: () => number = () => 0): void {
  const proto = HTMLElement.prototype;
  const saved = {
    clientWidth: Object.getOwnPropertyDescriptor(proto, 'clientWidth'),
    clientHeight: Object.getOwnPropertyDescriptor(proto, 'clientHeight'),
  };
  beforeAll(() => {
    Element.prototype.scrollIntoView ??= () => {};
    Element.prototype.scrollTo ??= () => {};
    Object.defineProperty(proto, 'clientWidth', {
      configurable: true,
      get(this: HTMLElement) {
        return this.classList.contains('rg-scroll') ? width() : 0;
      },
    });
    Object.defineProperty(proto, 'clientHeight', {
      configurable: true,
      get(this: HTMLElement) {
        return this.classList.contains('rg-scroll') ? parseFloat(this.style.height) || 0 : 0;
      },
    });
  });
  afterAll(() => {
    for (const [name, descriptor] of Object.entries(saved)) {
      if (descriptor) Object.defineProperty(proto, name, descriptor);
      else delete (proto as unknown as Record<string, unknown>)[name];
    }
  });
}
