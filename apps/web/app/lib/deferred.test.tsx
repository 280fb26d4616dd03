// @vitest-environment happy-dom
import { act, useState, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { deferred } from './deferred.tsx';

function Counter({ label }: { label: string }) {
  const [n, setN] = useState(0);
  return (
    <button type="button" onClick={() => setN(n + 1)}>
      {label} {n}
    </button>
  );
}

function Page({ Below }: { Below: ComponentType<{ label: string }> }) {
  return (
    <main>
      <h1>小区</h1>
      <Below label="成交" />
    </main>
  );
}

// React's act() outside a test renderer.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

describe('deferred', () => {
  it('renders its content in place on the server once the module has loaded', async () => {
    const Below = deferred(() => Promise.resolve(Counter));
    await Promise.resolve();
    await Promise.resolve();
    const html = renderToString(<Page Below={Below} />);
    expect(html).toContain('成交');
    expect(html).not.toContain('<template');
  });

  it('keeps the server HTML while its chunk loads, then hydrates it', async () => {
    const Server = deferred(() => Promise.resolve(Counter));
    await settle();
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Page Below={Server} />);
    document.body.append(container);

    let arrive: (c: typeof Counter) => void = () => undefined;
    const Client = deferred(() => new Promise<typeof Counter>((resolve) => (arrive = resolve)));
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Page Below={Client} />, { onRecoverableError: (e) => errors.push(e) });
    });
    const button = container.querySelector('button')!;
    // The page around it has hydrated; the deferred part still shows the server's HTML.
    expect(container.querySelector('h1')?.textContent).toBe('小区');
    expect(button.textContent).toBe('成交 0');

    arrive(Counter);
    await settle();
    // The same node, now hydrated: a tap works.
    expect(container.querySelector('button')).toBe(button);
    await act(async () => button.click());
    expect(button.textContent).toBe('成交 1');
    expect(errors).toEqual([]);
    container.remove();
  });
});
