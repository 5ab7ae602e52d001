// `npm run seed`: seeds the running emulators (npm start does this itself).
import { defaultToLocalEmulators } from './lib/emulators';
import { seed } from './lib/seed';

defaultToLocalEmulators();

const { services } = await seed();
console.log(
  services > 0
    ? `Seeded ${services} services, settings, the admin and the demo customer.`
    : 'Seeded settings, the admin and the demo customer; the catalogue was already there and is kept as it is.',
);
process.exit(0);
