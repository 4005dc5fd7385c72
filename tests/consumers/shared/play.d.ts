// Types of play.js for the TypeScript consumer (strict mode refuses an untyped import).
export function playEveryGame(tabla: typeof import('tabla')): string;
