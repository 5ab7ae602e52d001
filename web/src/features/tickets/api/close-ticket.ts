import { changeTicketState, useChangeTicketState } from './ticket-state';

/** POST /api/tickets/{id}/close → {ticket}; 409 when it is already closed. */
export const closeTicket = (id: string) => changeTicketState(id, 'close');

export const useCloseTicket = () => useChangeTicketState('close');
