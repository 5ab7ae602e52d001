import { changeTicketState, useChangeTicketState } from './ticket-state';

/** POST /api/tickets/{id}/reopen → {ticket}; it counts against the open limit (409 too_many_open_tickets). */
export const reopenTicket = (id: string) => changeTicketState(id, 'reopen');

export const useReopenTicket = () => useChangeTicketState('reopen');
