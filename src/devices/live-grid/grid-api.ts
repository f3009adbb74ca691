/** The live grid's one call (server/API.md "Live grid"), on the streaming-SDK host. */
import { sdkRequest } from '../../core/sdk-http.ts';
import { GRID_TICKET_PATH, type GridTicket } from '../../../shared/contract/grid-protocol.ts';

/**
 * A ticket for one grid socket. Quiet: the grid is a picture on top of stills, so a failure falls back to them
 * without a notice (and the error catalogue is not loaded for it).
 */
export const gridTicket = () => sdkRequest<GridTicket>({ method: 'post', url: GRID_TICKET_PATH }, undefined, { auth: true, quiet: true });
