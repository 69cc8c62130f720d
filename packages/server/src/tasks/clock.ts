/** Time as the task runner sees it: the server's injected clock (tests expire a lease without waiting). */
export { type Clock, manualClock, systemClock } from '../clock.ts';
