/**
 * Test support of the security suite. Not a test file itself.
 */

export interface MountedRoute {
  method: string;
  path: string;
}

interface Layer {
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/**
 * The routes of an Express router, read from its stack (nested routers included), so that a test
 * covers every mounted path, a new one included, without a list kept by hand.
 */
export function mountedRoutes(router: { stack: unknown[] }): MountedRoute[] {
  const walk = (stack: Layer[]): MountedRoute[] =>
    stack.flatMap((layer) => {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        return paths.flatMap((path) =>
          Object.keys(layer.route!.methods)
            .filter((method) => method !== '_all')
            .map((method) => ({ method: method.toUpperCase(), path: String(path) })),
        );
      }
      return layer.handle?.stack ? walk(layer.handle.stack) : [];
    });
  return walk(router.stack as Layer[]);
}
