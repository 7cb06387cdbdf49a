/** Types of public/push-handler.js, for the client's unit tests (the service worker loads the plain script). */
export interface PushWorker {
  location: { origin: string };
  registration: { showNotification(title: string, options: NotificationOptions): Promise<void> };
  clients: {
    matchAll(options: {
      type: 'window';
      includeUncontrolled: boolean;
    }): Promise<{ url: string; focus(): Promise<{ navigate?(url: string): Promise<unknown> } | null> }[]>;
    openWindow(url: string): Promise<unknown>;
  };
}

export function pushHandlers(worker: PushWorker): {
  onPush(event: {
    data: { json(): unknown; text(): string } | null;
    waitUntil(promise: Promise<unknown>): void;
  }): void;
  onNotificationClick(event: {
    notification: { close(): void; data?: { url?: string } };
    waitUntil(promise: Promise<unknown>): void;
  }): void;
  notificationOf(data: unknown): { title: string; options: NotificationOptions };
};
