// `npm run wallet:sms -- --wallet Easypaisa --amount 500 --tid 12345678901 --from 03451234567`: sends a
// wallet's incoming-payment SMS to the running panel as a paired wallet phone does (the SMS Gateway app's
// `sms:received` webhook, signed as the app signs; decision record 0015), by default as the demo
// Easypaisa phone `npm start` pairs. The options are below.
import { randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';
import { DEMO_PHONE, DEMO_SENDERS, deliver, pingBody, smsReceivedBody, walletSmsText } from './lib/wallet-phone';

const { values } = parseArgs({
  options: {
    wallet: { type: 'string' },
    amount: { type: 'string' }, // rupees; required unless --text or --ping
    tid: { type: 'string' },
    from: { type: 'string', default: '03451234567' }, // the payer's number
    name: { type: 'string' }, // the payer's name
    sender: { type: 'string' }, // default: the wallet's demo sender id
    text: { type: 'string' }, // a message of your own instead of the wallet's wording
    url: { type: 'string', default: 'http://127.0.0.1:5000' },
    device: { type: 'string', default: DEMO_PHONE.id }, // --device and --key: another paired phone
    key: { type: 'string', default: DEMO_PHONE.signingKey },
    ping: { type: 'boolean', default: false }, // a system:ping instead of an SMS
  },
});

const fail = (message: string) => {
  console.error(message);
  process.exit(2);
};

const wallet = values.wallet ?? DEMO_PHONE.wallet;
if (values.device === DEMO_PHONE.id && wallet.toLowerCase() !== DEMO_PHONE.wallet.toLowerCase()) {
  fail(
    `The demo phone holds the ${DEMO_PHONE.wallet} wallet. Pair a ${wallet} phone in Admin → Settings → Wallet phones and pass its --device and --key.`,
  );
}

let body: string;
let summary: string;
if (values.ping) {
  body = pingBody();
  summary = 'system:ping';
} else {
  const amount = Number(values.amount);
  if (!values.text && !(amount > 0)) fail('Give the amount received: --amount 500');
  const tid = values.tid ?? String(randomInt(10_000_000_000, 99_999_999_999));
  const message =
    values.text ?? walletSmsText(wallet, { amount, tid, from: values.from ?? '', ...(values.name ? { payerName: values.name } : {}) });
  const sender = values.sender ?? DEMO_SENDERS[wallet.toLowerCase()] ?? wallet;
  body = smsReceivedBody({ message, sender });
  summary = `SMS from ${sender}: ${message}`;
}

try {
  const answer = await deliver(values.url ?? '', values.device ?? '', values.key ?? '', body);
  console.log(`${summary}\n→ ${answer.status} ${JSON.stringify(answer.body)}`);
  process.exit(answer.status === 200 ? 0 : 1);
} catch (error) {
  fail(`Could not reach ${values.url}: ${(error as Error).message}. Is \`npm start\` running?`);
}
