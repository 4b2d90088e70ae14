import { Injectable } from '@nestjs/common';

/** Set when the process has been asked to stop: readiness then answers 503 at once. */
@Injectable()
export class ShutdownState {
  draining = false;
}
