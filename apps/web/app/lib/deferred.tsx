// Code the first load does not need, such as what is below the fold. The server renders it in place (the HTML
// stays complete for crawlers and for reading without JavaScript); the browser fetches its chunk while the rest
// of the page hydrates and hydrates this part when the chunk has come: React leaves a suspended boundary's
// server HTML as it is until then and replays a tap on it afterwards.
import { Suspense, use, type ComponentType } from 'react';

export function deferred<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  const pending = load().then((component) => {
    loaded = component;
    return component;
  });
  // The chunk is requested when the page's module runs (before hydration on a direct visit, with the route's
  // module on a client navigation) and on the server when it starts, so its renders never wait for it.
  function Content(props: P) {
    const Component = loaded ?? use(pending);
    return <Component {...props} />;
  }
  function Deferred(props: P) {
    return (
      <Suspense fallback={null}>
        <Content {...props} />
      </Suspense>
    );
  }
  return Deferred;
}
