// The demo accounts `npm start` seeds and prints.
export const DEMO_ADMIN = { email: 'admin@example.com', password: 'admin12345', name: 'Admin' } as const;
export const DEMO_USER = { email: 'demo@example.com', password: 'demo12345', name: 'Demo Customer' } as const;
export const DEMO_BALANCE_RUPEES = 500;
