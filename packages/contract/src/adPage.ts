/** The ad's own public page (/item/{id}, rendered by the server): its path, for the server's links and the web app's. */
export const adPagePath = (orderId: number): string => `/item/${orderId}`;
