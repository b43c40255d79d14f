/** The storage path of a certificate template's public url (`/files/yyyy/mm/<uuid>.png|jpg`), or undefined. */
export const templatePathOf = (url: string) => url.match(/^\/files\/(\d{4}\/\d{2}\/[0-9a-f-]{36}\.(?:png|jpg))$/)?.[1];
