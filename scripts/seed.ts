// `npm run seed`: seeds the running emulators (npm start does this itself).
import { defaultToLocalEmulators } from './lib/emulators';
import { seed } from './lib/seed';

defaultToLocalEmulators();

const { services } = await seed();
console.log(`Seeded ${services} services, settings, the admin and the demo customer.`);
process.exit(0);
