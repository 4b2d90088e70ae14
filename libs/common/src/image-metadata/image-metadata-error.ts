/** The content does not have the structure of its image format, so its metadata cannot be found. */
export class MalformedImageError extends Error {
  constructor(format: string, detail: string) {
    super(`Malformed ${format}: ${detail}`);
    this.name = 'MalformedImageError';
  }
}
