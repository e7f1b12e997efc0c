import { PRIVACY_CONTACT, type PolicyDocument } from './types';

/** The privacy policy of the passenger (rider) app, served at /user-policy. */
export const userPolicy: PolicyDocument = {
  appNameKey: 'policy.apps.user',
  intro: [
    'This policy explains what personal information Cabdesk collects when you use the Cabdesk Rider App to book and pay for taxi rides, why we collect it, who we share it with and the choices you have. It applies to everyone who creates a rider account or books a ride through the app.',
    'Cabdesk runs a marketplace: independent transport companies and the drivers they employ provide the rides, and Cabdesk provides the app that connects you with them, takes payment and supports you before, during and after the trip.',
    'The Rider App is meant for people aged 18 or over. We do not knowingly collect information from children; if you believe a child has created an account, contact us and we will delete it.',
  ],
  sections: [
    {
      id: 'information-we-collect',
      title: 'Information we collect',
      paragraphs: [
        'We collect only what we need to arrange your rides, take payment and keep the service safe. Some of it you give us, some is created as you use the app, and some comes from drivers and partners.',
      ],
      subsections: [
        {
          title: 'Information you give us',
          bullets: [
            {
              term: 'Account details',
              text: 'your name, email address, mobile phone number and password, and optionally your gender, date of birth and a profile photo.',
            },
            {
              term: 'Payment details',
              text: 'the card or other payment method you add. Card numbers are entered into our payment processor’s secure form; we keep only the card type, the last four digits and the expiry date so you can recognise the card.',
            },
            {
              term: 'Ratings and feedback',
              text: 'the stars and comments you give drivers, reports you make about a trip, and anything you tell our support team.',
            },
            {
              term: 'Coupons and promotions',
              text: 'the coupon codes you redeem and the discounts applied.',
            },
          ],
        },
        {
          title: 'Information created when you ride',
          bullets: [
            {
              term: 'Pickup and drop-off locations',
              text: 'the addresses you enter or choose on the map, and saved places such as “Home” or “Work” if you add them.',
            },
            {
              term: 'Location while you book and ride',
              text: 'the precise location of your device when the app is open to find your pickup point, and during a trip to show its progress. If you do not allow location access you can still type a pickup address.',
            },
            {
              term: 'Trip records',
              text: 'the date and time, route, distance, service and vehicle type, the driver and company that served you, the fare, the status of the trip (for example completed or cancelled) and who cancelled it.',
            },
            {
              term: 'Transactions',
              text: 'the amount charged, the payment method used, the transaction reference, refunds and receipts.',
            },
          ],
        },
        {
          title: 'Information from your device',
          bullets: [
            'Device model, operating system, app version, language and time zone.',
            'A push-notification token, so we can tell you when your driver arrives.',
            'IP address, crash reports and diagnostic logs that help us find and fix faults.',
          ],
        },
        {
          title: 'Information from others',
          bullets: [
            'Ratings and reports drivers submit about a trip with you.',
            'Confirmation of payments, refunds and chargebacks from our payment processor.',
            'Details from a friend who refers you or shares a ride with you, such as your phone number.',
          ],
        },
      ],
    },
    {
      id: 'how-we-use-it',
      title: 'How we use it',
      paragraphs: ['We use your information to:'],
      bullets: [
        {
          term: 'Arrange your rides',
          text: 'find an available driver near your pickup point, show the driver where to meet you and where you are going, and show you the driver’s approach and the trip as it happens.',
        },
        {
          term: 'Charge fares and issue receipts',
          text: 'calculate the price, apply coupons, take payment, send receipts and handle refunds and disputes.',
        },
        {
          term: 'Keep riders and drivers safe',
          text: 'verify accounts, detect fraud and payment abuse, investigate incidents and complaints, and enforce our terms of use.',
        },
        {
          term: 'Support you',
          text: 'answer your questions, find lost items and resolve problems with a trip.',
        },
        {
          term: 'Improve the service',
          text: 'understand demand across the day and the city, measure waiting times and fix faults. Where we can, we use aggregated or de-identified data for this.',
        },
        {
          term: 'Keep you informed',
          text: 'send trip updates and service messages that you cannot switch off while you have an account, and, only if you agree, offers and news about Cabdesk.',
        },
        {
          term: 'Meet our legal obligations',
          text: 'keep accounting and tax records, and answer lawful requests from authorities.',
        },
      ],
      closing: [
        'Where the law requires a legal basis, we rely on performing our contract with you (arranging and charging rides), our legitimate interests (safety, fraud prevention and improving the service), your consent (marketing and optional location access) and our legal obligations. We do not make decisions about you that have legal or similarly significant effects based solely on automated processing.',
      ],
    },
    {
      id: 'sharing',
      title: 'Sharing',
      paragraphs: [
        'We do not sell your personal information and we do not share it for advertising by others. We share it only as described here:',
      ],
      bullets: [
        {
          term: 'Drivers and their companies',
          text: 'the driver who accepts your ride sees your first name, profile photo, rating, pickup and drop-off locations and, during the trip, your live location. The transport company that employs the driver receives the trip record it needs for billing, insurance and complaints.',
        },
        {
          term: 'Service providers',
          text: 'companies that work for us under contract and only on our instructions: cloud hosting, payment processing, maps and address lookup, email, SMS and push-notification delivery, customer-support tools and crash reporting.',
        },
        {
          term: 'Regulators and authorities',
          text: 'transport licensing bodies, tax authorities, courts and law enforcement when the law requires it, in response to valid legal process, or when we believe in good faith that disclosure is needed to prevent death or serious harm.',
        },
        {
          term: 'Affiliates',
          text: 'companies in the Cabdesk group that help us run the service; they handle your information under this policy.',
        },
        {
          term: 'Business transfers',
          text: 'a buyer or successor if Cabdesk is involved in a merger, acquisition or sale of assets, who must continue to protect your information as this policy describes.',
        },
        {
          term: 'With your consent',
          text: 'anyone else you ask us to share with, for example a contact you send your trip status to.',
        },
      ],
    },
    {
      id: 'data-security',
      title: 'Data security',
      paragraphs: [
        'We protect your information with technical and organisational measures suited to its sensitivity:',
      ],
      bullets: [
        'All traffic between the app and our servers is encrypted in transit.',
        'Passwords are stored only as salted hashes; nobody at Cabdesk can read them.',
        'Full card numbers and security codes are handled by our payment processor, which is certified to the PCI DSS standard, and never reach our servers.',
        'Staff access personal information only when their role requires it, and that access is logged and reviewed.',
        'Our service providers are bound by contract to protect the information they handle for us.',
      ],
      closing: [
        'No system is perfectly secure. Keep your password to yourself and tell us at once if you think someone else has used your account. If a breach affects your information, we will notify you and the relevant authorities as the law requires.',
      ],
    },
    {
      id: 'retention',
      title: 'Retention',
      paragraphs: [
        'We keep your information only as long as we need it for the purposes in this policy:',
      ],
      bullets: [
        {
          term: 'Account details',
          text: 'for as long as your account is open.',
        },
        {
          term: 'Trip and payment records',
          text: 'for as long as tax and accounting law requires, usually seven years after the trip.',
        },
        {
          term: 'Detailed location traces',
          text: 'for up to 12 months after a trip, after which we keep only the pickup and drop-off addresses with the trip record.',
        },
        {
          term: 'Support conversations and ratings',
          text: 'for up to three years, so we can follow up on complaints and safety reports.',
        },
      ],
      closing: [
        'When you delete your account we delete or anonymise your information within 30 days, except what we must keep to meet legal obligations, resolve open disputes or prevent fraud. Copies in our backups are overwritten within a further 35 days.',
      ],
    },
    {
      id: 'your-rights',
      title: 'Your rights',
      paragraphs: [
        'Depending on where you live, the law gives you rights over your information. We offer the following to every rider:',
      ],
      bullets: [
        {
          term: 'Access',
          text: 'ask for a copy of the personal information we hold about you, including your trip history, in a commonly used format.',
        },
        {
          term: 'Correction',
          text: 'update your name, email, phone number and photo in the app at any time, or ask us to correct anything else that is wrong.',
        },
        {
          term: 'Deletion',
          text: 'delete your account in the app, or ask us to erase your information, subject to the records we must keep by law.',
        },
        {
          term: 'Opt-out of marketing',
          text: 'unsubscribe from marketing emails with the link in each message, and turn off promotional notifications in the app. Trip and safety messages continue while you have an account.',
        },
        {
          term: 'Withdraw consent',
          text: 'where we rely on your consent, such as for location access or marketing, you may withdraw it at any time in the app or your device settings. This does not affect what we did before you withdrew it.',
        },
      ],
      closing: [
        'You may also object to processing based on our legitimate interests and ask us to restrict it. To use any of these rights, use the app or contact us as set out below. We will confirm your identity before acting and reply within 30 days. We will not treat you differently for exercising your rights, and you may complain to your local data-protection authority.',
      ],
    },
    {
      id: 'updates',
      title: 'Updates',
      paragraphs: [
        'We may update this policy as the Rider App changes or the law requires. The effective date at the top shows when it last changed.',
        'If we make a material change, such as collecting a new kind of information or using it for a new purpose, we will tell you in the app or by email at least 14 days before the change takes effect and, where the law requires, ask for your consent.',
      ],
    },
    {
      id: 'contact',
      title: 'Contact us',
      paragraphs: [
        `For questions about this policy or to exercise your rights, email our privacy team at ${PRIVACY_CONTACT.email}, or through the help section of the Rider App. For anything else about a trip, write to ${PRIVACY_CONTACT.support}.`,
        'Please include the email address or phone number on your account so we can find your records.',
      ],
    },
  ],
};
