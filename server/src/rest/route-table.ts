/**
 * The routes an Express app or router actually has, read from its router stack, so the OpenAPI
 * test and the two-user matrix cover every mounted REST path, a new one included, without a list
 * kept by hand.
 */

export interface MountedRoute {
  /** Upper case: GET, POST, PUT, DELETE. */
  method: string;
  /** Express syntax: `/account/delete-expense/:id`. */
  path: string;
}

/** The path prefixes of the REST compatibility layer (docs/product-rules.md §11). */
export const REST_PREFIXES = ['/account/', '/api/', '/message/'] as const;

interface StackLayer {
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: StackLayer[] };
  rawPath?: unknown;
}

function mountPath(layer: StackLayer): string {
  return typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
}

/** Every route in a router stack (nested routers included), in mounting order. */
export function routesOfStack(stack: StackLayer[], prefix = ''): MountedRoute[] {
  return stack.flatMap((layer): MountedRoute[] => {
    if (layer.route) {
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      return paths.flatMap((path) =>
        Object.keys(layer.route!.methods)
          .filter((method) => method !== '_all')
          .map((method) => ({ method: method.toUpperCase(), path: `${prefix}${String(path)}` })),
      );
    }
    if (layer.handle?.stack) return routesOfStack(layer.handle.stack, `${prefix}${mountPath(layer)}`);
    return [];
  });
}

/** The REST compatibility routes an Express app serves (`app.router.stack`). */
export function mountedRestRoutes(app: { router: { stack: unknown[] } }): MountedRoute[] {
  return routesOfStack(app.router.stack as StackLayer[]).filter((route) =>
    REST_PREFIXES.some((prefix) => route.path.startsWith(prefix)),
  );
}

/** `/account/delete-expense/:id` → `/account/delete-expense/{id}` (OpenAPI's path template). */
export function openApiPathOf(expressPath: string): string {
  return expressPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}
