import { PRIVACY_CONTACT, type PolicyDocument } from './types';

/** The privacy policy of the driver app, served at /driver-policy. */
export const driverPolicy: PolicyDocument = {
  appNameKey: 'policy.apps.driver',
  intro: [
    'This policy explains what personal information Cabdesk collects when you apply to drive and when you drive with the Cabdesk Driver App, why we need it, who sees it and the choices you have.',
    'Drivers on Cabdesk are employed by independent transport companies that have joined the marketplace. Cabdesk reviews your documents, dispatches rides to you and records your trips and earnings; your company is responsible for your employment. Where your company also holds your information, its own privacy notice applies to that copy.',
  ],
  sections: [
    {
      id: 'information-we-collect',
      title: 'Information we collect',
      paragraphs: [
        'Driving passengers for hire is regulated, so we collect more about drivers than about riders. We ask only for what we need to confirm that you may drive, to send you rides and to pay you.',
      ],
      subsections: [
        {
          title: 'Identity and contact details',
          bullets: [
            'Your name, email address, mobile phone number, gender, date of birth and profile photo.',
            'The transport company you drive for, and its name, email and phone number.',
          ],
        },
        {
          title: 'Licence and eligibility',
          bullets: [
            {
              term: 'Driving licence',
              text: 'images of the front of your licence and a photo of you holding it, with the licence number, categories and expiry date.',
            },
            {
              term: 'Background checks',
              text: 'where the law allows and with your consent, the results of criminal-record and driving-record checks, and your right to work, obtained through a specialist screening provider.',
            },
            {
              term: 'Approval status',
              text: 'whether your application is pending, approved or rejected, and the notes our reviewers make.',
            },
          ],
        },
        {
          title: 'Vehicle documents',
          bullets: [
            'The vehicle you drive: service type, vehicle type, brand, model, colour, number of seats and licence plate.',
            'Registration certificate (front and back), insurance certificate, and photos of the front, back and both sides of the vehicle.',
          ],
        },
        {
          title: 'Location while online',
          paragraphs: [
            'While you are online in the Driver App, and throughout any trip, we collect your device’s precise location, including when the app is in the background. We use it to offer you nearby rides, guide riders to you and record the route. We do not collect your location when you are offline.',
          ],
        },
        {
          title: 'Trips, ratings and earnings',
          bullets: [
            'The rides offered to you, accepted, declined, completed and cancelled, with times, routes, distances and fares.',
            'Ratings and comments from riders, and reports about incidents.',
            'Your earnings per trip and per period, commissions, adjustments and the payouts made to you or your company, with the bank details used for them.',
          ],
        },
        {
          title: 'Device and communications',
          bullets: [
            'Device model, operating system, app version, push-notification token, IP address and crash reports.',
            'Messages you exchange with riders in the app, and your conversations with our support team.',
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
          term: 'Decide whether you may drive',
          text: 'check your identity, licence, vehicle documents and background-check results against the law and our safety standards. A member of our team reviews every application; we do not reject drivers by automated decision alone.',
        },
        {
          term: 'Send you rides',
          text: 'match you with riders near you while you are online, show riders your approach and give you their pickup and drop-off points.',
        },
        {
          term: 'Calculate and pay your earnings',
          text: 'record each fare, work out commissions and pay what is due to you or your company, with statements you can check.',
        },
        {
          term: 'Keep riders and drivers safe',
          text: 'investigate incidents and complaints, detect fraud such as fake trips, and recheck documents when they expire.',
        },
        {
          term: 'Support you',
          text: 'help with the app, payouts, disputes and lost items.',
        },
        {
          term: 'Meet our legal obligations',
          text: 'keep the records transport regulators and tax authorities require, and answer lawful requests.',
        },
        {
          term: 'Improve the service and keep you informed',
          text: 'study demand to show you where riders are waiting, send you service messages and, only if you agree, news and offers for drivers.',
        },
      ],
      closing: [
        'Where the law requires a legal basis, we rely on our contract with you, our legal obligations as a passenger-transport platform, our legitimate interests in a safe and reliable service, and your consent for background checks where consent is required and for marketing.',
      ],
    },
    {
      id: 'sharing',
      title: 'Sharing',
      paragraphs: ['We do not sell your personal information. We share it only as described here:'],
      bullets: [
        {
          term: 'Riders',
          text: 'the rider you are matched with sees your first name, profile photo, rating, vehicle brand, model, colour and licence plate, and your live location from the moment you accept the ride until it ends.',
        },
        {
          term: 'Your transport company',
          text: 'the company you drive for sees your profile, documents, approval status, trips, ratings and earnings, because it employs you and is responsible for your vehicle.',
        },
        {
          term: 'Service providers',
          text: 'background-check and identity-verification providers, payment and payout processors, maps and navigation, cloud hosting, email, SMS and push-notification delivery, and support tools, each working under contract and only on our instructions.',
        },
        {
          term: 'Regulators and authorities',
          text: 'transport licensing bodies, tax authorities, insurers handling a claim, courts and law enforcement when the law requires it, in response to valid legal process, or to prevent death or serious harm.',
        },
        {
          term: 'Affiliates',
          text: 'companies in the Cabdesk group that help us run the service, under this policy.',
        },
        {
          term: 'Business transfers',
          text: 'a buyer or successor in a merger, acquisition or sale of assets, who must keep protecting your information as this policy describes.',
        },
      ],
    },
    {
      id: 'data-security',
      title: 'Data security',
      paragraphs: [
        'Your documents and checks are among the most sensitive information we hold, and we protect them accordingly:',
      ],
      bullets: [
        'Traffic between the app and our servers is encrypted in transit, and documents are kept in access-controlled storage.',
        'Only the reviewers who approve drivers and the staff who handle safety reports can open your licence, vehicle documents and background-check results, and every access is logged.',
        'Bank details are passed to our payout processor; our staff see only the last four digits of your account number.',
        'Passwords are stored only as salted hashes.',
      ],
      closing: [
        'No system is perfectly secure. Do not share your login or let anyone else drive under your account. If a breach affects your information, we will notify you and the relevant authorities as the law requires.',
      ],
    },
    {
      id: 'retention',
      title: 'Retention',
      paragraphs: ['We keep your information only as long as we need it:'],
      bullets: [
        {
          term: 'Profile, licence and vehicle documents',
          text: 'while you drive with Cabdesk and for two years after your last trip, so that we can answer safety complaints and regulators’ questions.',
        },
        {
          term: 'Background-check results',
          text: 'the outcome and date of each check for as long as you drive with us; the full report is deleted within 90 days of our decision unless the law requires us to keep it.',
        },
        {
          term: 'Location recorded while online',
          text: 'for up to 12 months; trip routes are kept with the trip record.',
        },
        {
          term: 'Trips, earnings and payouts',
          text: 'for as long as tax, accounting and transport law requires, usually seven years.',
        },
        {
          term: 'Rejected applications',
          text: 'deleted 12 months after the decision, so we can answer questions about it.',
        },
      ],
      closing: [
        'When you close your account, we delete or anonymise what we no longer need within 30 days. Copies in our backups are overwritten within a further 35 days.',
      ],
    },
    {
      id: 'your-rights',
      title: 'Your rights',
      paragraphs: [
        'Depending on where you live, the law gives you rights over your information. We offer the following to every driver:',
      ],
      bullets: [
        {
          term: 'Access',
          text: 'ask for a copy of the information we hold about you, including your documents, trip history, ratings and earnings.',
        },
        {
          term: 'Correction',
          text: 'update your contact details in the app, upload renewed documents when they expire, and ask us to correct anything else, including a background-check result you believe is wrong.',
        },
        {
          term: 'Deletion',
          text: 'ask us to close your account and erase your information, subject to the records we must keep by law. You will not be able to drive with Cabdesk afterwards.',
        },
        {
          term: 'Opt-out of marketing',
          text: 'unsubscribe from driver news and offers at any time; messages about your trips, documents and payouts continue while you have an account.',
        },
        {
          term: 'Withdraw consent',
          text: 'withdraw consent you have given, for example to marketing or to a repeat background check, in the app or by contacting us. Location access is needed to receive rides; you can stop it at any time by going offline.',
        },
      ],
      closing: [
        'You may also object to processing based on our legitimate interests and ask us to restrict it. Contact us as set out below; we will confirm your identity and reply within 30 days. Requests about the copy your transport company keeps as your employer should also go to the company. We will not penalise you for exercising your rights, and you may complain to your local data-protection authority.',
      ],
    },
    {
      id: 'updates',
      title: 'Updates',
      paragraphs: [
        'We may update this policy as the Driver App, our checks or the law change. The effective date at the top shows when it last changed.',
        'If we make a material change, we will tell you in the Driver App or by email at least 14 days before it takes effect and, where the law requires, ask for your consent.',
      ],
    },
    {
      id: 'contact',
      title: 'Contact us',
      paragraphs: [
        `For questions about this policy or to exercise your rights, email our privacy team at ${PRIVACY_CONTACT.email}, or through the help section of the Driver App. For payouts, documents and trips, write to ${PRIVACY_CONTACT.support}.`,
        'Please include the phone number on your driver account so we can find your records.',
      ],
    },
  ],
};
