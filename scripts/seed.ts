// `npm run seed`: seeds the running emulators (npm start does this itself).
import { DEFAULT_PORTS, PROJECT_ID } from './lib/emulators';
import { seed } from './lib/seed';

process.env.GCLOUD_PROJECT ??= PROJECT_ID;
process.env.FIRESTORE_EMULATOR_HOST ??= `127.0.0.1:${DEFAULT_PORTS.firestore}`;
process.env.FIREBASE_AUTH_EMULATOR_HOST ??= `127.0.0.1:${DEFAULT_PORTS.auth}`;
process.env.METADATA_SERVER_DETECTION ??= 'none';

const { services } = await seed();
console.log(`Seeded ${services} services, settings, the admin and the demo customer.`);
process.exit(0);
