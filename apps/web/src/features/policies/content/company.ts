import { PRIVACY_CONTACT, type PolicyDocument } from './types';

/** The privacy policy of the transport-company app, served at /company-policy. */
export const companyPolicy: PolicyDocument = {
  appNameKey: 'policy.apps.company',
  intro: [
    'This policy explains what information Cabdesk collects when a transport company registers and manages its fleet with the Cabdesk Company App, how we use it, who we share it with and the choices available to the people it concerns.',
    'Much of what a company account holds is business information. It also holds personal information: about the owners and staff who run the account, and about the drivers the company employs. This policy covers both. Where you upload information about your drivers, you are responsible for telling them and for having a lawful reason to share it with us; we handle it as this policy and the Cabdesk Driver App privacy policy describe.',
  ],
  sections: [
    {
      id: 'information-we-collect',
      title: 'Information we collect',
      paragraphs: [
        'We collect what we need to verify your business, put your vehicles and drivers to work on the marketplace and pay you for the rides they complete.',
      ],
      subsections: [
        {
          title: 'Business registration',
          bullets: [
            'Company name, registered address, business registration number and tax identification number.',
            'Company documents you upload, such as the certificate of incorporation, operator or taxi licences and fleet insurance.',
            'The name, email address and phone number of the person who manages the account, and of any staff you invite.',
          ],
        },
        {
          title: 'Fleet records',
          bullets: [
            'For each vehicle: service type, vehicle type, brand, model, colour, number of seats and licence plate.',
            'Registration certificates (front and back), insurance certificates and photos of the front, back and both sides of each vehicle.',
            'The approval status of each vehicle and our reviewers’ notes.',
          ],
        },
        {
          title: 'Records of the drivers you employ',
          bullets: [
            'The details you or your drivers provide: name, email address, phone number, gender, date of birth and profile photo.',
            'Driving licence images and the photo of each driver holding the licence.',
            'Each driver’s approval status, trips, ratings and earnings.',
          ],
        },
        {
          title: 'Operations, payouts and billing',
          bullets: [
            'Trips completed by your drivers, with pickup and drop-off addresses, times, fares and status.',
            'Figures we compute for your dashboard: total drivers, total vehicles, today’s revenue and overall revenue.',
            'The bank account used for payouts, payout and commission history, invoices and transaction references.',
          ],
        },
        {
          title: 'Device and usage',
          bullets: [
            'Device model, operating system, app version, push-notification token, IP address, sign-in times and crash reports.',
            'Messages with our support and onboarding teams.',
          ],
        },
      ],
    },
    {
      id: 'how-we-use-it',
      title: 'How we use it',
      paragraphs: ['We use this information to:'],
      bullets: [
        {
          term: 'Verify and approve your business',
          text: 'check your registration and licences, and review each vehicle and driver before they can take rides. Every decision to approve or reject is made by a member of our team.',
        },
        {
          term: 'Run your fleet on the marketplace',
          text: 'dispatch rides to your approved drivers and vehicles, and show you your drivers, vehicles and trips in the Company App.',
        },
        {
          term: 'Pay you',
          text: 'calculate fares and commissions, make payouts to your bank account and issue statements and invoices.',
        },
        {
          term: 'Keep the marketplace safe and compliant',
          text: 'recheck documents when they expire, investigate complaints and incidents, detect fraud, and suspend accounts that break our terms.',
        },
        {
          term: 'Support you',
          text: 'help with onboarding, the app, payouts and disputes.',
        },
        {
          term: 'Meet our legal obligations',
          text: 'keep the records that transport regulators, tax authorities and auditors require.',
        },
        {
          term: 'Improve the service and keep you informed',
          text: 'understand how companies use the app, send you service messages and, only if you agree, product news and offers.',
        },
      ],
      closing: [
        'Where the law requires a legal basis for personal information, we rely on our contract with your company, our legal obligations, our legitimate interests in a safe and reliable marketplace, and consent for marketing.',
      ],
    },
    {
      id: 'sharing',
      title: 'Sharing',
      paragraphs: [
        'We do not sell your company’s information or the personal information in it. We share it only as described here:',
      ],
      bullets: [
        {
          term: 'Riders',
          text: 'riders see your company name and phone number on their trip details and receipts, together with the vehicle and driver details they need to find their ride.',
        },
        {
          term: 'Your drivers',
          text: 'each driver you employ sees your company name, email and phone number, and their own trips and earnings.',
        },
        {
          term: 'Service providers',
          text: 'document- and identity-verification providers, payment and payout processors, cloud hosting, maps, email, SMS and push-notification delivery and support tools, each working under contract and only on our instructions.',
        },
        {
          term: 'Regulators and authorities',
          text: 'transport licensing bodies, tax authorities, auditors, insurers handling a claim, courts and law enforcement when the law requires it, in response to valid legal process, or to prevent death or serious harm.',
        },
        {
          term: 'Affiliates',
          text: 'companies in the Cabdesk group that help us run the marketplace, under this policy.',
        },
        {
          term: 'Business transfers',
          text: 'a buyer or successor in a merger, acquisition or sale of assets, who must keep protecting this information as this policy describes.',
        },
      ],
    },
    {
      id: 'data-security',
      title: 'Data security',
      paragraphs: [
        'We protect your company’s information with measures suited to its sensitivity:',
      ],
      bullets: [
        'Traffic between the app and our servers is encrypted in transit, and uploaded documents are kept in access-controlled storage.',
        'Only the Cabdesk staff who review applications, handle payouts or investigate incidents can open company, vehicle and driver documents, and access is logged.',
        'Bank details are passed to our payout processor; our staff see only the last four digits of the account number.',
        'Passwords are stored only as salted hashes.',
      ],
      closing: [
        'Your company is responsible for who can sign in to its account. Remove staff who leave, and tell us at once if you think the account has been misused. If a breach affects information in your account, we will notify you and the relevant authorities as the law requires.',
      ],
    },
    {
      id: 'retention',
      title: 'Retention',
      paragraphs: ['We keep information only as long as we need it:'],
      bullets: [
        {
          term: 'Business registration and account details',
          text: 'while your company is on Cabdesk and for as long afterwards as the law requires us to keep evidence of whom we did business with.',
        },
        {
          term: 'Vehicle and driver documents',
          text: 'while the vehicle or driver is active and for two years after it is removed, so that we can answer safety complaints and regulators’ questions.',
        },
        {
          term: 'Trips, payouts, invoices and commissions',
          text: 'for as long as tax and accounting law requires, usually seven years.',
        },
        {
          term: 'Rejected applications',
          text: 'deleted 12 months after the decision.',
        },
      ],
      closing: [
        'When your company closes its account, we delete or anonymise what we no longer need within 30 days. Copies in our backups are overwritten within a further 35 days.',
      ],
    },
    {
      id: 'your-rights',
      title: 'Your rights',
      paragraphs: [
        'The people whose personal information is in a company account, including the account manager, staff and drivers, have these rights. Depending on where they live the law may give them more:',
      ],
      bullets: [
        {
          term: 'Access',
          text: 'ask for a copy of the personal information we hold about you. The account manager can also ask for a copy of the company’s fleet, driver, trip and payout records.',
        },
        {
          term: 'Correction',
          text: 'update company, vehicle and contact details in the app, upload renewed documents, and ask us to correct anything else that is wrong.',
        },
        {
          term: 'Deletion',
          text: 'remove a vehicle or driver, close the company account, or ask us to erase personal information, subject to the records we must keep by law.',
        },
        {
          term: 'Opt-out of marketing',
          text: 'unsubscribe from product news and offers at any time; messages about approvals, documents and payouts continue while the account is open.',
        },
        {
          term: 'Withdraw consent',
          text: 'where we rely on consent, such as for marketing, withdraw it at any time in the app or by contacting us.',
        },
      ],
      closing: [
        'You may also object to processing based on our legitimate interests and ask us to restrict it. Contact us as set out below; we will confirm your identity and authority to act for the company, and reply within 30 days. Drivers may contact us directly as well as through their company. Nobody will be treated differently for exercising these rights, and anyone may complain to their local data-protection authority.',
      ],
    },
    {
      id: 'updates',
      title: 'Updates',
      paragraphs: [
        'We may update this policy as the Company App, our checks or the law change. The effective date at the top shows when it last changed.',
        'If we make a material change, we will tell the account manager in the Company App or by email at least 14 days before it takes effect.',
      ],
    },
    {
      id: 'contact',
      title: 'Contact us',
      paragraphs: [
        `For questions about this policy or to exercise your rights, email our privacy team at ${PRIVACY_CONTACT.email}. For onboarding, documents and payouts, write to ${PRIVACY_CONTACT.support}.`,
        'Please include your company name and the email address of the account manager so we can find your records.',
      ],
    },
  ],
};
