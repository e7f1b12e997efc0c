/**
 * Arabic (Modern Standard Arabic) text of every message the API answers and
 * every validation message of the contract, keyed by the exact English text:
 * the same keys as ES_MESSAGES.
 *
 * A key with `{name}` placeholders is a template: it matches a message built
 * from it (`'Please wait {seconds} seconds…'` matches `'Please wait 42
 * seconds…'`), and each value it captured is itself looked up here before it
 * is put back, so `'12 minutes'` inside a message becomes `'12 دقيقة'`.
 *
 * Wire values (field names, enum values such as Pending or Owner, file
 * formats) stay in Latin letters, as the API reads them; numbers stay in
 * Latin digits. A count is followed by the singular noun (`'{count} دقيقة'`),
 * the form Arabic uses from 11 on and the usual one in interfaces.
 *
 * Tests (i18n.test.ts here, language.test.ts in the API) fail when a message
 * constant, a zod message of the contract or a message of an API module has
 * no entry, or when this catalogue's keys or placeholders differ from the
 * Spanish one's.
 */
export const AR_MESSAGES: Readonly<Record<string, string>> = {
  // ------------------------------------------------------------ envelope, paging
  'Must be a whole number.': 'يجب أن تكون القيمة عددًا صحيحًا.',
  'Must be a positive number.': 'يجب أن تكون القيمة عددًا موجبًا.',
  'Is out of range.': 'القيمة خارج النطاق المسموح به.',
  'Page must be a whole number.': 'يجب أن يكون رقم الصفحة عددًا صحيحًا.',
  'Page must be 1 or more.': 'يجب أن يكون رقم الصفحة 1 أو أكثر.',
  'Page is out of range.': 'رقم الصفحة خارج النطاق المسموح به.',
  'per_page must be a whole number.': 'يجب أن يكون per_page عددًا صحيحًا.',
  'per_page must be 1 or more.': 'يجب أن يكون per_page هو 1 أو أكثر.',
  'per_page must be at most {max}.': 'يجب ألا يتجاوز per_page القيمة {max}.',
  'Search must be at most 100 characters.': 'يجب ألا يتجاوز البحث 100 حرف.',
  'Search must be one line of text, without control characters.':
    'يجب أن يكون البحث سطرًا واحدًا من النص، دون أحرف تحكم.',

  // ------------------------------------------------------------ sort and filters of the lists
  'sort must be one of {fields}, or one of them after - for descending order.':
    'يجب أن يكون sort أحد الحقول {fields}، أو أحدها مسبوقًا بالعلامة - للترتيب التنازلي.',
  '{field} must be a date written YYYY-MM-DD, such as 2025-01-31.':
    'يجب أن يكون {field} تاريخًا مكتوبًا بالصيغة YYYY-MM-DD، مثل 2025-01-31.',
  'tz must be an IANA time zone name, such as Europe/Madrid.':
    'يجب أن يكون tz اسم منطقة زمنية من IANA، مثل Europe/Madrid.',
  'to must be on or after from.': 'يجب أن يكون to مساويًا لـ from أو بعده.',
  '{field} must be an amount in dollars, such as 12.50.':
    'يجب أن يكون {field} مبلغًا بالدولار، مثل 12.50.',
  'max_amount must be at least min_amount.': 'يجب ألا يقل max_amount عن min_amount.',
  'Passengers have no approval: leave approval out.': 'لا يخضع الركاب للموافقة: احذف approval.',
  'ride_status must be one or more of {statuses}, separated by commas.':
    'يجب أن يكون ride_status واحدة أو أكثر من القيم {statuses}، مفصولة بفواصل.',
  'payment_method must be at most 50 characters.': 'يجب ألا يتجاوز payment_method 50 حرفًا.',
  'Lookups fetched successfully.': 'تم جلب قيم عوامل التصفية بنجاح.',

  // ------------------------------------------------------------ sign-in (SPEC 5)
  'Please provide a email.': 'يُرجى إدخال البريد الإلكتروني.',
  'Please enter valid email.': 'يُرجى إدخال بريد إلكتروني صالح.',
  'Please enter a password.': 'يُرجى إدخال كلمة المرور.',
  'Password is too long.': 'كلمة المرور طويلة جدًا.',
  'user_type must be Admin.': 'يجب أن يكون user_type هو Admin.',
  'device_token is too long.': 'قيمة device_token طويلة جدًا.',
  'device_type must be Web.': 'يجب أن يكون device_type هو Web.',
  'Login successfully.': 'تم تسجيل الدخول بنجاح.',
  'Invalid email or password.': 'البريد الإلكتروني أو كلمة المرور غير صحيحة.',
  'Logout successfully.': 'تم تسجيل الخروج بنجاح.',
  'Unauthenticated.': 'لم تسجّل الدخول.',
  'Too many attempts. Please try again later.': 'محاولات كثيرة جدًا. يُرجى المحاولة مرة أخرى لاحقًا.',
  'Profile fetched successfully.': 'تم جلب الملف الشخصي بنجاح.',

  // ------------------------------------------------------------ account recovery, profile
  'Please enter your valid email ID.': 'يُرجى إدخال بريد إلكتروني صالح.',
  'Please enter a valid OTP': 'يُرجى إدخال رمز صالح',
  'If this e-mail address belongs to an administrator, a code has been sent to it.':
    'إذا كان هذا البريد الإلكتروني يخص أحد المسؤولين، فقد أُرسل إليه رمز.',
  'The code is not correct.': 'الرمز غير صحيح.',
  'This code has expired or was already used. Please ask for a new one.':
    'انتهت صلاحية هذا الرمز أو سبق استخدامه. يُرجى طلب رمز جديد.',
  'The code is verified. Please choose a new password.':
    'تم التحقق من الرمز. يُرجى اختيار كلمة مرور جديدة.',
  'Too many codes were asked for this e-mail address. Please try again later.':
    'طُلب عدد كبير جدًا من الرموز لهذا البريد الإلكتروني. يُرجى المحاولة مرة أخرى لاحقًا.',
  'Please wait {seconds} seconds before asking for a new code.':
    'يُرجى الانتظار {seconds} ثانية قبل طلب رمز جديد.',
  'Wrong codes were entered for this e-mail address. Please wait {wait} before asking for a new code.':
    'أُدخلت رموز خاطئة لهذا البريد الإلكتروني. يُرجى الانتظار {wait} قبل طلب رمز جديد.',
  'Too many wrong codes. Please try again in {wait}.':
    'رموز خاطئة كثيرة جدًا. يُرجى المحاولة مرة أخرى بعد {wait}.',
  'Please verify the code sent to your e-mail first.':
    'يُرجى أولًا التحقق من الرمز المرسل إلى بريدك الإلكتروني.',
  'This password reset has expired or was already used. Please start again.':
    'انتهت صلاحية إعادة تعيين كلمة المرور هذه أو سبق استخدامها. يُرجى البدء من جديد.',
  'Your password has been changed. Please sign in with it.':
    'تم تغيير كلمة المرور. يُرجى تسجيل الدخول بها.',
  'Please enter new password.': 'يُرجى إدخال كلمة المرور الجديدة.',
  'Password should be at least 8 characters.': 'يجب ألا تقل كلمة المرور عن 8 أحرف.',
  'The password must be at least {min} characters.': 'يجب ألا تقل كلمة المرور عن {min} حرفًا.',
  'The password must be at most {max} characters.': 'يجب ألا تتجاوز كلمة المرور {max} حرفًا.',
  'Please confirm your password.': 'يُرجى تأكيد كلمة المرور.',
  'New password and Confirm password does not matched!':
    'كلمة المرور الجديدة وتأكيدها غير متطابقتين!',
  'Please enter old password': 'يُرجى إدخال كلمة المرور الحالية',
  'Please enter new password': 'يُرجى إدخال كلمة المرور الجديدة',
  'Please enter the password at least 8 characters.': 'يُرجى إدخال كلمة مرور لا تقل عن 8 أحرف.',
  'Please enter confirm password': 'يُرجى إدخال تأكيد كلمة المرور',
  'The current password is not correct.': 'كلمة المرور الحالية غير صحيحة.',
  'Your password has been changed. Please sign in again.':
    'تم تغيير كلمة المرور. يُرجى تسجيل الدخول مرة أخرى.',
  'This password is too common. Please choose a less predictable one.':
    'كلمة المرور هذه شائعة جدًا. يُرجى اختيار كلمة مرور يصعب توقعها.',
  'Please enter your full name.': 'يُرجى إدخال اسمك الكامل.',
  'Full name is too long.': 'الاسم الكامل طويل جدًا.',
  'Please enter your email.': 'يُرجى إدخال بريدك الإلكتروني.',
  'The e-mail address cannot be changed.': 'لا يمكن تغيير البريد الإلكتروني.',
  'Please enter your mobile number.': 'يُرجى إدخال رقم هاتفك المحمول.',
  'Please enter valid 10 digit mobile number ': 'يُرجى إدخال رقم هاتف محمول صالح من 10 أرقام ',
  'Profile updated successfully.': 'تم تحديث الملف الشخصي بنجاح.',
  'Too many failed sign-in attempts. Please try again in {wait}.':
    'محاولات تسجيل دخول فاشلة كثيرة جدًا. يُرجى المحاولة مرة أخرى بعد {wait}.',
  'Too many wrong passwords. Please try again in {wait}.':
    'كلمات مرور خاطئة كثيرة جدًا. يُرجى المحاولة مرة أخرى بعد {wait}.',
  'The form data could not be read.': 'تعذّرت قراءة بيانات النموذج.',
  'Files are not accepted here.': 'لا تُقبل الملفات هنا.',
  // waitText(): the `{wait}` of the messages above.
  '1 second': 'ثانية واحدة',
  '{count} seconds': '{count} ثانية',
  '1 minute': 'دقيقة واحدة',
  '{count} minutes': '{count} دقيقة',
  '{count} hours': '{count} ساعة',
  '{count} days': '{count} يوم',

  // ------------------------------------------------------------ directory, records
  'user_type must be User, Company or Driver.':
    'يجب أن يكون user_type إحدى القيم User أو Company أو Driver.',
  'status must be Active or Inactive.': 'يجب أن يكون status إحدى القيمتين Active أو Inactive.',
  'approval must be Pending, Approved or Rejected.':
    'يجب أن يكون approval إحدى القيم Pending أو Approved أو Rejected.',
  'approval must be Approved or Rejected.':
    'يجب أن يكون approval إحدى القيمتين Approved أو Rejected.',
  'table must be users.': 'يجب أن يكون table هو users.',
  'table must be users or vehicles.': 'يجب أن يكون table إحدى القيمتين users أو vehicles.',
  'table must be users, vehicles, supports or coupons.':
    'يجب أن يكون table إحدى القيم users أو vehicles أو supports أو coupons.',
  'Users fetched successfully.': 'تم جلب المستخدمين بنجاح.',
  'User fetched successfully.': 'تم جلب المستخدم بنجاح.',
  'Drivers fetched successfully.': 'تم جلب السائقين بنجاح.',
  'Vehicles fetched successfully.': 'تم جلب المركبات بنجاح.',
  'Vehicle fetched successfully.': 'تم جلب المركبة بنجاح.',
  'Rides fetched successfully.': 'تم جلب الرحلات بنجاح.',
  'Status updated successfully.': 'تم تحديث الحالة بنجاح.',
  'Approval updated successfully.': 'تم تحديث الموافقة بنجاح.',
  'Deleted successfully.': 'تم الحذف بنجاح.',
  'User not found.': 'لم يُعثر على المستخدم.',
  'Company not found.': 'لم يُعثر على الشركة.',
  'Driver not found.': 'لم يُعثر على السائق.',
  'Vehicle not found.': 'لم يُعثر على المركبة.',
  'Record not found.': 'لم يُعثر على السجل.',
  'Only a Pending record can be approved or rejected.':
    'لا يمكن قبول سجل أو رفضه إلا إذا كان قيد الانتظار.',
  'Only a Pending record can be approved or rejected. This one is already {approval}.':
    'لا يمكن قبول سجل أو رفضه إلا إذا كان قيد الانتظار، وهذا السجل {approval} بالفعل.',
  'A company can be activated or deactivated only once Approved.':
    'لا يمكن تفعيل شركة أو إلغاء تفعيلها إلا بعد قبولها.',
  // Values put into the messages above and below ("This one is already Approved."):
  // a record's approval (masculine: السجل) and a trip's status (feminine: الرحلة).
  Pending: 'قيد الانتظار',
  Approved: 'مقبول',
  Rejected: 'مرفوض',
  Accepted: 'مقبولة',
  Start: 'جارية',
  End: 'منتهية',
  Completed: 'مكتملة',
  Cancelled: 'ملغاة',

  // ------------------------------------------------------------ trips
  'Trip fetched successfully.': 'تم جلب الرحلة بنجاح.',
  'Timeline fetched successfully.': 'تم جلب السجل الزمني للرحلة بنجاح.',
  'Trip not found.': 'لم يُعثر على الرحلة.',
  'Trip cancelled successfully.': 'تم إلغاء الرحلة بنجاح.',
  'Please enter a reason.': 'يُرجى إدخال السبب.',
  'The reason may be at most {max} characters.': 'يجب ألا يتجاوز السبب {max} حرفًا.',
  'Only a Pending or Accepted trip can be cancelled. This one is {status}.':
    'لا يمكن إلغاء رحلة إلا إذا كانت قيد الانتظار أو مقبولة، وهذه الرحلة {status}.',
  // The usual reasons a desk cancels a trip (RIDE_CANCEL_REASONS), stored in English.
  'Passenger no-show': 'لم يحضر الراكب',
  'Duplicate booking': 'حجز مكرر',
  'Requested by the passenger': 'بطلب من الراكب',
  'Driver unavailable': 'السائق غير متاح',
  'Fraud suspected': 'اشتباه في احتيال',

  // ------------------------------------------------------------ review desk
  'kind must be company, driver or vehicle.':
    'يجب أن يكون kind إحدى القيم company أو driver أو vehicle.',
  'Review queue fetched successfully.': 'تم جلب قائمة المراجعة بنجاح.',
  'Decision undone.': 'تم التراجع عن القرار.',
  'Only your own decision of the last {seconds} seconds can be undone.':
    'لا يمكنك التراجع إلا عن قرار اتخذته أنت خلال آخر {seconds} ثانية.',
  'expires_on must be a date (YYYY-MM-DD).': 'يجب أن يكون expires_on تاريخًا (YYYY-MM-DD).',
  'document must be business_licence, driver_licence, registration or insurance.':
    'يجب أن يكون document إحدى القيم business_licence أو driver_licence أو registration أو insurance.',
  'within_days must be a whole number from 0 to 366.':
    'يجب أن يكون within_days عددًا صحيحًا من 0 إلى 366.',
  'Document updated successfully.': 'تم تحديث المستند بنجاح.',
  'Documents fetched successfully.': 'تم جلب المستندات بنجاح.',
  'This record has no document of that kind.': 'لا يحتوي هذا السجل على مستند من هذا النوع.',
  'table must be users, vehicles or rides.':
    'يجب أن يكون table إحدى القيم users أو vehicles أو rides.',
  'Please enter a note.': 'يُرجى إدخال ملاحظة.',
  'A note may be at most {max} characters.': 'يجب ألا تتجاوز الملاحظة {max} حرفًا.',
  'Note added successfully.': 'تمت إضافة الملاحظة بنجاح.',
  'Notes fetched successfully.': 'تم جلب الملاحظات بنجاح.',
  'History fetched successfully.': 'تم جلب السجل بنجاح.',

  // ------------------------------------------------------------ FAQ, coupons
  'Please enter your question.': 'يُرجى إدخال سؤالك.',
  'Please enter your description.': 'يُرجى إدخال الوصف.',
  'The question may be at most 500 characters.': 'يجب ألا يتجاوز السؤال 500 حرف.',
  'The description may be at most 5000 characters.': 'يجب ألا يتجاوز الوصف 5000 حرف.',
  'The description may be at most 1000 characters.': 'يجب ألا يتجاوز الوصف 1000 حرف.',
  'Please enter title.': 'يُرجى إدخال العنوان.',
  'The title may be at most 100 characters.': 'يجب ألا يتجاوز العنوان 100 حرف.',
  'Please enter coupon code.': 'يُرجى إدخال رمز القسيمة.',
  'The coupon code may be at most 30 characters.': 'يجب ألا يتجاوز رمز القسيمة 30 حرفًا.',
  'The coupon code may contain only letters and digits.':
    'يجب أن يحتوي رمز القسيمة على أحرف وأرقام فقط.',
  'Please enter percentage.': 'يُرجى إدخال النسبة المئوية.',
  'The percentage must be a whole number from 1 to 100.':
    'يجب أن تكون النسبة المئوية عددًا صحيحًا من 1 إلى 100.',
  'suspend_status must be 0 or 1.': 'يجب أن يكون suspend_status هو 0 أو 1.',
  'FAQ list fetched successfully.': 'تم جلب قائمة الأسئلة الشائعة بنجاح.',
  'FAQ added successfully.': 'تمت إضافة السؤال الشائع بنجاح.',
  'FAQ updated successfully.': 'تم تحديث السؤال الشائع بنجاح.',
  'FAQ not found.': 'لم يُعثر على السؤال الشائع.',
  'Coupon list fetched successfully.': 'تم جلب قائمة القسائم بنجاح.',
  'Coupon added successfully.': 'تمت إضافة القسيمة بنجاح.',
  'Coupon status updated successfully.': 'تم تحديث حالة القسيمة بنجاح.',
  'Coupon updated successfully.': 'تم تحديث القسيمة بنجاح.',
  'Coupon not found.': 'لم يُعثر على القسيمة.',
  'This coupon code already exists.': 'رمز القسيمة هذا موجود بالفعل.',

  // ------------------------------------------------------------ money (issue 48)
  'Commission rules fetched successfully.': 'تم جلب قواعد العمولة بنجاح.',
  'Commission rule saved successfully.': 'تم حفظ قاعدة العمولة بنجاح.',
  'A rule for this service type and company already starts on this day.':
    'توجد بالفعل قاعدة لنوع الخدمة هذا وهذه الشركة تبدأ في هذا اليوم.',
  'Trip split fetched successfully.': 'تم جلب تقسيم الرحلة بنجاح.',
  'This trip has no split yet: a trip is split when it completes.':
    'لا يوجد تقسيم لهذه الرحلة بعد: تُقسَّم الرحلة عند اكتمالها.',
  'Balance fetched successfully.': 'تم جلب الرصيد بنجاح.',
  'No such company or driver.': 'لا توجد شركة أو سائق بهذا المعرّف.',
  'Please choose a service type.': 'يرجى اختيار نوع الخدمة.',
  'No such service type.': 'لا يوجد نوع خدمة بهذا المعرّف.',
  'No such company.': 'لا توجد شركة بهذا المعرّف.',
  'The percent must be a number from 0 to 100 with at most two decimals.':
    'يجب أن تكون النسبة المئوية رقمًا من 0 إلى 100 بمنزلتين عشريتين على الأكثر.',
  'The company percent must be a number from 0 to 100 with at most two decimals.':
    'يجب أن تكون نسبة الشركة رقمًا من 0 إلى 100 بمنزلتين عشريتين على الأكثر.',
  'The percent and the company percent together may be at most 100.':
    'يجب ألا يتجاوز مجموع النسبة ونسبة الشركة 100.',
  'from must be a date written YYYY-MM-DD, such as 2025-01-31.':
    'يجب أن يكون from تاريخًا مكتوبًا بالصيغة YYYY-MM-DD، مثل 2025-01-31.',
  'to must be a date written YYYY-MM-DD, such as 2025-01-31.':
    'يجب أن يكون to تاريخًا مكتوبًا بالصيغة YYYY-MM-DD، مثل 2025-01-31.',
  'Send company_id or driver_id, not both.': 'أرسل company_id أو driver_id، وليس كليهما.',
  'Send company_id or driver_id.': 'أرسل company_id أو driver_id.',
  'Statement fetched successfully.': 'تم جلب كشف الحساب بنجاح.',
  'Please choose the first day (from), written YYYY-MM-DD.':
    'يرجى اختيار اليوم الأول (from) بالصيغة YYYY-MM-DD.',
  'Please choose the last day (to), written YYYY-MM-DD.':
    'يرجى اختيار اليوم الأخير (to) بالصيغة YYYY-MM-DD.',
  'A statement covers at most 366 days: choose a shorter period.':
    'يغطي كشف الحساب 366 يومًا على الأكثر: اختر فترة أقصر.',
  'coupon_discount may be at most amount.': 'يجب ألا يتجاوز coupon_discount قيمة amount.',
  // refunds, adjustments, their approval, Finance's dashboard
  'Refund approved.': 'تمت الموافقة على الاسترداد.',
  'Refund recorded. It waits for a second administrator to approve it.':
    'تم تسجيل الاسترداد. ينتظر موافقة مسؤول ثانٍ.',
  'Adjustment approved.': 'تمت الموافقة على التسوية.',
  'Adjustment recorded. It waits for a second administrator to approve it.':
    'تم تسجيل التسوية. تنتظر موافقة مسؤول ثانٍ.',
  'Approved.': 'تمت الموافقة.',
  'Refunds and adjustments fetched successfully.': 'تم جلب المستردات والتسويات بنجاح.',
  'Money settings fetched successfully.': 'تم جلب إعدادات المال بنجاح.',
  'Money settings saved.': 'تم حفظ إعدادات المال.',
  'Finance dashboard fetched successfully.': 'تم جلب لوحة المالية بنجاح.',
  'Enter an amount above 0 with at most two decimals, such as 12.50.':
    'أدخل مبلغًا أكبر من 0 بمنزلتين عشريتين على الأكثر، مثل 12.50.',
  'Enter an amount other than 0 with at most two decimals, such as 12.50 or -12.50.':
    'أدخل مبلغًا غير 0 بمنزلتين عشريتين على الأكثر، مثل 12.50 أو -12.50.',
  'Enter an amount of 0 or more with at most two decimals, such as 100.00.':
    'أدخل مبلغًا يساوي 0 أو أكثر بمنزلتين عشريتين على الأكثر، مثل 100.00.',
  'The reason may be at most 500 characters.': 'يجب ألا يتجاوز السبب 500 حرف.',
  'Only a completed trip can be refunded.': 'لا يمكن استرداد إلا رحلة مكتملة.',
  'The trip’s refunds may not exceed what the passenger paid ({paid}).':
    'لا يجوز أن تتجاوز مستردات الرحلة ما دفعه الراكب ({paid}).',
  'Refund or adjustment not found.': 'لم يتم العثور على الاسترداد أو التسوية.',
  'This has already been approved.': 'تمت الموافقة على هذا بالفعل.',
  'You made this request: another Owner or Finance administrator must approve it.':
    'أنت من قدّم هذا الطلب: يجب أن يوافق عليه مسؤول آخر بدور المالك أو المالية.',
  'Rejected.': 'تم الرفض.',
  'Withdrawn.': 'تم السحب.',
  'This has already been rejected.': 'تم رفض هذا بالفعل.',
  'This has already been withdrawn.': 'تم سحب هذا بالفعل.',
  'You made this request: withdraw it, or another Owner or Finance administrator may reject it.':
    'أنت من قدّم هذا الطلب: اسحبه، أو يمكن لمسؤول آخر بدور المالك أو المالية رفضه.',
  'Only the administrator who made this request can withdraw it.':
    'لا يمكن سحب هذا الطلب إلا للمسؤول الذي قدّمه.',
  'status must be pending, approved, rejected or withdrawn.':
    'يجب أن تكون status إحدى القيم pending أو approved أو rejected أو withdrawn.',
  'kind must be refund or adjustment.': 'يجب أن تكون kind إما refund أو adjustment.',

  // ------------------------------------------------------------ payouts (issue 48)
  'Bank details saved successfully.': 'تم حفظ البيانات المصرفية بنجاح.',
  'Enter a valid IBAN, such as DE89 3704 0044 0532 0130 00.':
    'أدخل رقم IBAN صالحًا، مثل DE89 3704 0044 0532 0130 00.',
  'Enter a valid BIC of 8 or 11 characters, such as COBADEFFXXX.':
    'أدخل رمز BIC صالحًا من 8 أو 11 حرفًا، مثل COBADEFFXXX.',
  'The BIC’s country must be the IBAN’s.': 'يجب أن يكون بلد رمز BIC هو بلد رقم IBAN.',
  'Enter the account holder’s name, at most 70 characters.':
    'أدخل اسم صاحب الحساب، 70 حرفًا على الأكثر.',
  'Send iban, bic and account_holder together.': 'أرسل iban وbic وaccount_holder معًا.',
  'Bank details are for a driver or a company only.': 'البيانات المصرفية لسائق أو شركة فقط.',
  'No such driver or company.': 'لا يوجد سائق أو شركة بهذا المعرّف.',
  'period_end must be a date written YYYY-MM-DD, such as 2025-01-31.':
    'يجب أن يكون period_end تاريخًا بالصيغة YYYY-MM-DD، مثل 2025-01-31.',
  'The period cannot end after today.': 'لا يمكن أن تنتهي الفترة بعد اليوم.',
  'The period must end on or after the last batch’s, {day}.':
    'يجب أن تنتهي الفترة في يوم نهاية آخر دفعة، {day}، أو بعده.',
  'Another administrator drafted a batch at the same moment: open the list and try again.':
    'أعدّ مسؤول آخر دفعة في اللحظة نفسها: افتح القائمة وحاول مرة أخرى.',
  'Payout batch drafted successfully.': 'تم إعداد مسودة دفعة المدفوعات بنجاح.',
  'Payout batches fetched successfully.': 'تم جلب دفعات المدفوعات بنجاح.',
  'Payout batch fetched successfully.': 'تم جلب دفعة المدفوعات بنجاح.',
  'Payout batch approved successfully.': 'تمت الموافقة على دفعة المدفوعات بنجاح.',
  'Payout batch marked successfully.': 'تم تعليم دفعة المدفوعات بنجاح.',
  'Payout batch not found.': 'لم يُعثر على دفعة المدفوعات.',
  'You drafted this batch: a second administrator must approve it.':
    'أنت من أعدّ هذه الدفعة: يجب أن يوافق عليها مسؤول آخر.',
  'Only a draft batch can be approved.': 'لا يمكن الموافقة إلا على دفعة في حالة مسودة.',
  'This batch pays no one: there is nothing to approve.':
    'هذه الدفعة لا تدفع لأحد: لا يوجد ما يُوافق عليه.',
  'Balances changed since this batch was drafted: draft it again.':
    'تغيّرت الأرصدة منذ إعداد هذه الدفعة: أعد إعدادها.',
  'Only an approved batch can be exported or marked.':
    'لا يمكن تصدير أو تعليم إلا دفعة موافق عليها.',
  'Enter the bank’s reference of the payment.': 'أدخل المرجع المصرفي للدفع.',
  'The reference may be at most 140 characters of one line.':
    'يمكن أن يتكون المرجع من 140 حرفًا على الأكثر في سطر واحد.',
  'status must be paid or failed.': 'يجب أن تكون status إما paid أو failed.',
  'format must be csv or pain001.': 'يجب أن يكون format إما csv أو pain001.',
  // ------------------------------------------------------------ dashboard, sales
  'Dashboard fetched successfully.': 'تم جلب لوحة المعلومات بنجاح.',
  'Dashboard trends fetched successfully.': 'تم جلب اتجاهات لوحة المعلومات بنجاح.',
  'Transactions fetched successfully.': 'تم جلب المعاملات بنجاح.',

  // ------------------------------------------------------------ notifications
  'Notifications fetched successfully.': 'تم جلب الإشعارات بنجاح.',
  'Notification marked as read.': 'تم تعليم الإشعار كمقروء.',
  'All notifications marked as read.': 'تم تعليم جميع الإشعارات كمقروءة.',
  'Notification not found.': 'لم يُعثر على الإشعار.',
  'Send notification_id, or all: true to mark every notification read.':
    'أرسل notification_id، أو all: true لتعليم جميع الإشعارات كمقروءة.',
  'Notification stream ticket issued.': 'تم إصدار تذكرة قناة الإشعارات.',
  'The notification stream ticket is invalid, used or expired.':
    'تذكرة قناة الإشعارات غير صالحة أو مستخدمة أو منتهية الصلاحية.',
  'notification_id must be a whole number.': 'يجب أن يكون notification_id عددًا صحيحًا.',
  'after must be a whole number.': 'يجب أن يكون after عددًا صحيحًا.',
  'after is out of range.': 'قيمة after خارج النطاق المسموح به.',
  'all must be true or false.': 'يجب أن يكون all إحدى القيمتين true أو false.',
  'Push public key.': 'المفتاح العام للإشعارات الفورية.',

  // ------------------------------------------------------------ roles and the team (issue 20)
  'Your role ({role}) does not allow this.': 'دورك ({role}) لا يسمح بهذا الإجراء.',
  'role must be Owner, Operator, Support or Finance.':
    'يجب أن يكون role إحدى القيم Owner أو Operator أو Support أو Finance.',
  'Enter the code from your authenticator app.': 'أدخل الرمز من تطبيق المصادقة.',
  'This sign-in has expired. Please sign in again.':
    'انتهت صلاحية تسجيل الدخول هذا. يُرجى تسجيل الدخول مرة أخرى.',
  'Please enter the code from your authenticator app.': 'يُرجى إدخال الرمز من تطبيق المصادقة.',
  'Scan the code with your authenticator app, then enter a code it shows.':
    'امسح الرمز بتطبيق المصادقة، ثم أدخل رمزًا يعرضه التطبيق.',
  'Two-factor sign-in is on. Keep your recovery codes somewhere safe.':
    'تسجيل الدخول بخطوتين مفعّل. احفظ رموز الاسترداد في مكان آمن.',
  'Please enter the 6-digit code from your authenticator app.':
    'يُرجى إدخال الرمز المكوّن من 6 أرقام من تطبيق المصادقة.',
  'Please scan a new code first.': 'يُرجى مسح رمز جديد أولًا.',
  'Two-factor sign-in is required: please set it up first.':
    'تسجيل الدخول بخطوتين إلزامي: يُرجى إعداده أولًا.',
  'Please enter a code from your authenticator app or a recovery code.':
    'يُرجى إدخال رمز من تطبيق المصادقة أو رمز استرداد.',
  'Confirmed. You may change your two-factor sign-in for the next 5 minutes.':
    'تم التأكيد. يمكنك تغيير تسجيل الدخول بخطوتين خلال الدقائق الخمس القادمة.',
  'Please confirm it is you: enter your password and a code from your authenticator app.':
    'يُرجى تأكيد هويتك: أدخل كلمة المرور ورمزًا من تطبيق المصادقة.',
  'Two-factor sign-in is off.': 'تسجيل الدخول بخطوتين متوقف.',
  'Two-factor sign-in is required of every administrator: set up a new authenticator instead.':
    'تسجيل الدخول بخطوتين إلزامي لكل المسؤولين: أعدّ تطبيق مصادقة جديدًا بدلًا من ذلك.',
  'Two-factor sign-in is not on.': 'تسجيل الدخول بخطوتين غير مفعّل.',
  'Here are your new recovery codes; the old ones no longer work. Keep them somewhere safe.':
    'هذه رموز الاسترداد الجديدة؛ الرموز القديمة لم تعد تعمل. احتفظ بها في مكان آمن.',
  'Sessions fetched successfully.': 'تم جلب الجلسات بنجاح.',
  'The session has been ended.': 'تم إنهاء الجلسة.',
  'Every other session has been ended.': 'تم إنهاء جميع الجلسات الأخرى.',
  'There is no such session.': 'لا توجد جلسة كهذه.',
  'This is the session you are using: log out to end it.':
    'هذه هي الجلسة التي تستخدمها: سجّل الخروج لإنهائها.',
  'Send the id of a session or all_others.': 'أرسل id لجلسة أو all_others.',
  'Administrators fetched successfully.': 'تم جلب المسؤولين بنجاح.',
  'The invitation has been sent.': 'تم إرسال الدعوة.',
  'The invitation is saved but its e-mail could not be sent. Please invite again.':
    'تم حفظ الدعوة ولكن تعذّر إرسال بريدها الإلكتروني. يُرجى الدعوة مرة أخرى.',
  'The administrator has been updated.': 'تم تحديث المسؤول.',
  'There is no such administrator.': 'لا يوجد مسؤول كهذا.',
  'This e-mail address already belongs to an administrator: change their role or status instead.':
    'هذا البريد الإلكتروني يخص مسؤولًا بالفعل: غيّر دوره أو حالته بدلًا من ذلك.',
  'The last active Owner can be neither demoted nor deactivated.':
    'لا يمكن خفض دور آخر مالك (Owner) نشط ولا إلغاء تفعيله.',
  'This person has not accepted an invitation: invite them again.':
    'لم يقبل هذا الشخص أي دعوة: ادعه مرة أخرى.',
  'Send a role or a status.': 'أرسل دورًا أو حالة.',
  'This invitation has expired or was already used. Please ask for a new one.':
    'انتهت صلاحية هذه الدعوة أو سبق استخدامها. يُرجى طلب دعوة جديدة.',
  'Welcome to Cabdesk. You are signed in.': 'مرحبًا بك في Cabdesk. لقد سجّلت الدخول.',
  'Please enter a valid e-mail address.': 'يُرجى إدخال بريد إلكتروني صالح.',
  'Two-factor sign-in is now required of every administrator.':
    'أصبح تسجيل الدخول بخطوتين إلزاميًا الآن لجميع المسؤولين.',
  'Two-factor sign-in is now optional.': 'أصبح تسجيل الدخول بخطوتين اختياريًا الآن.',
  'Turn on two-factor sign-in for yourself first.': 'فعّل تسجيل الدخول بخطوتين لنفسك أولًا.',
  'Two-factor sign-in has been turned off for this administrator.':
    'تم إيقاف تسجيل الدخول بخطوتين لهذا المسؤول.',
  'required must be true or false.': 'يجب أن يكون required إحدى القيمتين true أو false.',
  'Audit log fetched successfully.': 'تم جلب سجل التدقيق بنجاح.',
  'Use a date (2025-01-31) or a date and time (2025-01-31T09:00:00Z).':
    'استخدم تاريخًا (2025-01-31) أو تاريخًا ووقتًا (2025-01-31T09:00:00Z).',
  'action must be at most 64 characters.': 'يجب ألا يتجاوز action 64 حرفًا.',
  'table must be at most 64 characters.': 'يجب ألا يتجاوز table 64 حرفًا.',

  // ------------------------------------------------------------ export, bulk actions, views, lookup (issue 21)
  'format must be csv.': 'يجب أن يكون format هو csv.',
  'action must be approve, reject, activate or deactivate.':
    'يجب أن يكون action إحدى القيم approve أو reject أو activate أو deactivate.',
  'Send either ids or filter, not both.': 'أرسل ids أو filter، وليس كليهما.',
  'Select at least one record.': 'حدّد سجلًا واحدًا على الأقل.',
  'Select at most {max} records at once.': 'لا يمكن تحديد أكثر من {max} سجل في المرة الواحدة.',
  'Vehicles can only be approved or rejected.': 'لا يمكن سوى قبول المركبات أو رفضها.',
  'The filter selects {count} records; at most {max} can be changed at once. Narrow it.':
    'عدد السجلات التي يحددها عامل التصفية: {count}؛ ولا يمكن تغيير أكثر من {max} في المرة الواحدة. ضيّق نطاق التصفية.',
  'It is already in that status.': 'السجل في هذه الحالة بالفعل.',
  'Passengers are not approved or rejected.': 'لا يخضع الركاب للقبول أو الرفض.',
  '{done} changed, {skipped} already so, {failed} failed.':
    'تم التغيير: {done}، كان كذلك بالفعل: {skipped}، تعذّر: {failed}.',
  'list must be one of {lists}.': 'يجب أن يكون list إحدى القيم {lists}.',
  'Please enter a name for the view.': 'يُرجى إدخال اسم لطريقة العرض.',
  'The name may be at most {max} characters.': 'يجب ألا يتجاوز الاسم {max} حرفًا.',
  "The view's query may be at most {max} characters.":
    'يجب ألا يتجاوز استعلام طريقة العرض {max} حرفًا.',
  'Saved views fetched successfully.': 'تم جلب طرق العرض المحفوظة بنجاح.',
  'View saved.': 'تم حفظ طريقة العرض.',
  'View deleted.': 'تم حذف طريقة العرض.',
  'View not found.': 'لم يُعثر على طريقة العرض.',
  'You can keep at most 50 views of one list: delete one first.':
    'يمكنك الاحتفاظ بـ 50 عرضًا على الأكثر لكل قائمة: احذف واحدًا أولًا.',
  'q must be 2 to 100 characters.': 'يجب أن يكون طول q من 2 إلى 100 حرف.',
  'Lookup done.': 'تم البحث.',

  // ------------------------------------------------------------ CSV export: column headers
  'Trip ID': 'رقم الرحلة',
  'Trip date': 'تاريخ الرحلة',
  Passenger: 'الراكب',
  'Passenger phone': 'هاتف الراكب',
  'Passenger email': 'بريد الراكب',
  Driver: 'السائق',
  'Driver phone': 'هاتف السائق',
  Company: 'الشركة',
  'Pick up': 'نقطة الانطلاق',
  'Drop off': 'الوجهة',
  Price: 'السعر',
  'Service type': 'نوع الخدمة',
  'Vehicle type': 'نوع المركبة',
  'License plate': 'لوحة الترخيص',
  Status: 'الحالة',
  ID: 'المعرّف',
  Role: 'الدور',
  Name: 'الاسم',
  'Company name': 'اسم الشركة',
  Phone: 'الهاتف',
  Email: 'البريد الإلكتروني',
  'Registration date': 'تاريخ التسجيل',
  Approval: 'الموافقة',
  'Total vehicles': 'إجمالي المركبات',
  'Total drivers': 'إجمالي السائقين',
  Trips: 'الرحلات',
  Brand: 'العلامة التجارية',
  Model: 'الطراز',
  Color: 'اللون',
  'Available seats': 'المقاعد المتاحة',
  'Transaction ID': 'رقم المعاملة',
  Date: 'التاريخ',
  Amount: 'المبلغ',
  'Payment Method': 'طريقة الدفع',
  Reference: 'المرجع',
  Gross: 'الإجمالي',
  Coupon: 'القسيمة',
  Commission: 'العمولة',
  Share: 'الحصة',
  'Cash collected': 'النقد المحصّل',
  Time: 'الوقت',
  Administrator: 'المسؤول',
  Action: 'الإجراء',
  Record: 'السجل',
  'Record ID': 'رقم السجل',
  Before: 'قبل',
  After: 'بعد',
  Reason: 'السبب',
  'IP address': 'عنوان IP',
  Question: 'السؤال',
  Answer: 'الإجابة',
  Created: 'تاريخ الإنشاء',
  Updated: 'تاريخ التحديث',
  Title: 'العنوان',
  'Coupon code': 'رمز القسيمة',
  'Discount (%)': 'الخصم (%)',
  Description: 'الوصف',
  Suspended: 'موقوفة',
  Kind: 'النوع',
  Submitted: 'تاريخ التقديم',
  Document: 'المستند',
  'Expires on': 'تاريخ انتهاء الصلاحية',
  'Days left': 'الأيام المتبقية',
  'Two-factor sign-in': 'تسجيل الدخول بخطوتين',
  'Last sign-in': 'آخر تسجيل دخول',
  Yes: 'نعم',
  No: 'لا',

  // ------------------------------------------------------------ errors of any call
  'This value is not valid.': 'هذه القيمة غير صالحة.',
  'The request is not valid.': 'الطلب غير صالح.',
  'The request body is not valid JSON.': 'نص الطلب ليس JSON صالحًا.',
  'The request content type is not supported.': 'نوع محتوى الطلب غير مدعوم.',
  'The request body is too large.': 'نص الطلب كبير جدًا.',
  'The request URL is not valid.': 'عنوان URL للطلب غير صالح.',
  'Bad request.': 'طلب غير صالح.',
  'This link to a file is not valid or has expired.': 'رابط الملف هذا غير صالح أو انتهت صلاحيته.',
  'A value in the request is out of range or not valid.':
    'إحدى قيم الطلب خارج النطاق المسموح به أو غير صالحة.',
  'The text contains a character that is not allowed.': 'يحتوي النص على حرف غير مسموح به.',
  'Route {method} {path} not found.': 'المسار {method} {path} غير موجود.',
  'Internal Server Error': 'خطأ داخلي في الخادم',
  'The service is temporarily unavailable. Please try again.':
    'الخدمة غير متاحة مؤقتًا. يُرجى المحاولة مرة أخرى.',
  'The server is busy. Please try again in a few seconds.':
    'الخادم مشغول. يُرجى المحاولة مرة أخرى بعد بضع ثوانٍ.',
  // zod's own messages, for a field whose schema names none.
  'Invalid input': 'إدخال غير صالح',
  'Invalid input: expected {expected}, received {received}':
    'إدخال غير صالح: القيمة المتوقعة {expected}، والقيمة المستلمة {received}',

  // ------------------------------------------------------------ the integration API (issue 44)
  'Integration keys fetched successfully.': 'تم جلب مفاتيح التكامل بنجاح.',
  'The integration key has been created. Copy it now: it is not shown again.':
    'تم إنشاء مفتاح التكامل. انسخه الآن: لن يظهر مرة أخرى.',
  'The integration key has been revoked.': 'تم إبطال مفتاح التكامل.',
  'There is no such integration key.': 'لا يوجد مفتاح تكامل كهذا.',
  'This integration key is already revoked.': 'مفتاح التكامل هذا مُبطَل بالفعل.',
  'Please enter a name for the key.': 'يرجى إدخال اسم للمفتاح.',
  'The name must be at most 100 characters.': 'يجب ألا يزيد الاسم على 100 حرف.',
  'Please choose at least one scope.': 'يرجى اختيار صلاحية واحدة على الأقل.',
  'Each scope must be one of {scopes}.': 'يجب أن تكون كل صلاحية واحدة من {scopes}.',
  'Send an integration key in the Authorization header: Bearer <key>.':
    'أرسل مفتاح تكامل في ترويسة Authorization: Bearer <المفتاح>.',
  'This integration key is not valid or has been revoked.':
    'مفتاح التكامل هذا غير صالح أو تم إبطاله.',
  'This integration key does not have the scope {scope}, which this call needs.':
    'لا يملك مفتاح التكامل هذا الصلاحية {scope} التي يحتاجها هذا الطلب.',
  'Too many requests with this integration key. Please wait and try again.':
    'طلبات كثيرة جدًا بمفتاح التكامل هذا. يرجى الانتظار ثم المحاولة مرة أخرى.',
  'This Idempotency-Key was already used with a different request. Send a new key for a new request.':
    'استُخدم Idempotency-Key هذا من قبل مع طلب مختلف. أرسل مفتاحًا جديدًا لطلب جديد.',
  'Idempotency-Key must be 1 to 255 visible characters (letters, digits and punctuation).':
    'يجب أن يتكون Idempotency-Key من 1 إلى 255 حرفًا مرئيًا (حروف وأرقام وعلامات ترقيم).',
  'The person has been saved.': 'تم حفظ الشخص.',
  'The vehicle has been saved.': 'تم حفظ المركبة.',
  'This record was deleted in Cabdesk and cannot be changed through the integration API.':
    'حُذف هذا السجل في Cabdesk ولا يمكن تغييره عبر واجهة التكامل.',
  'Another account of this kind already has this e-mail address.':
    'يوجد حساب آخر من هذا النوع بعنوان البريد الإلكتروني هذا.',
  'There is no company with this external_id: send the company first.':
    'لا توجد شركة بهذا المعرّف external_id: أرسل الشركة أولًا.',
  'This company was deleted in Cabdesk.': 'حُذفت هذه الشركة في Cabdesk.',
  'There is no service type of this name.': 'لا يوجد نوع خدمة بهذا الاسم.',
  'There is no vehicle type of this name.': 'لا يوجد نوع مركبة بهذا الاسم.',
  'The vehicle type {type} has {seats} seats.': 'نوع المركبة {type} فيه {seats} مقاعد.',
  'The document has been saved.': 'حُفظ المستند.',
  'There is no {role} with this external_id: send it first.':
    'لا يوجد {role} بهذا المعرّف external_id: أرسله أولًا.',
  'The file has been imported: {accepted} rows accepted, {rejected} rejected.':
    'استُورد الملف: قُبل {accepted} من الصفوف ورُفض {rejected}.',
  'The file has no rows to import.': 'لا يحتوي الملف على صفوف لاستيرادها.',
  'import_id must be 1 to 100 visible characters, without spaces.':
    'يجب أن يتكوّن import_id من 1 إلى 100 محرف مرئي، بلا مسافات.',
  'Send the rows as NDJSON (application/x-ndjson) or CSV (text/csv).':
    'أرسل الصفوف بصيغة NDJSON ‏(application/x-ndjson) أو CSV ‏(text/csv).',
  'The file is larger than {size}: split it into several imports.':
    'حجم الملف أكبر من {size}: قسّمه على عدة عمليات استيراد.',
  'document must be one of {names}.': 'يجب أن يكون document أحد القيم: {names}.',
  'file is required: send the image as a file part of the form.':
    'الحقل file مطلوب: أرسل الصورة كجزء ملف في النموذج.',
  'file must be an image: {types}.': 'يجب أن يكون file صورة: {types}.',
  'file must be at most {size} MB.': 'يجب ألا يتجاوز حجم file ‏{size} ميغابايت.',
  'owner must be people or vehicles.': 'يجب أن يكون owner إما people أو vehicles.',
  '{document} does not expire: send expires_on only with {documents}.':
    'المستند {document} لا تنتهي صلاحيته: أرسل expires_on فقط مع {documents}.',
  '{document} is a document of {owner}, not of {sent}.':
    'المستند {document} من مستندات {owner} وليس {sent}.',
  '{field} is required.': '{field} مطلوب.',
  '{field} must be at most {max} characters.': 'يجب ألا يزيد {field} على {max} حرفًا.',
  '{field} must be visible characters without spaces.':
    'يجب أن يتكون {field} من حروف مرئية بلا مسافات.',
  '{field} must be one line of text.': 'يجب أن يكون {field} سطرًا واحدًا من النص.',
  'phone is required.': 'phone مطلوب.',
  'email must be a valid e-mail address.': 'يجب أن يكون email عنوان بريد إلكتروني صالحًا.',
  'phone must be a phone number: digits, with spaces, dashes, brackets and a leading + allowed.':
    'يجب أن يكون phone رقم هاتف: أرقام، ويُسمح بالمسافات والشرطات والأقواس و+ في البداية.',
  'gender must be Male, Female or Other.': 'يجب أن يكون gender إحدى القيم Male أو Female أو Other.',
  'dob must be a date written YYYY-MM-DD.': 'يجب أن يكون dob تاريخًا مكتوبًا YYYY-MM-DD.',
  'company_name is required for a Company.': 'company_name مطلوب لنوع Company.',
  'company_external_id is for a Driver only.': 'company_external_id لنوع Driver فقط.',
  'seats must be a whole number.': 'يجب أن يكون seats عددًا صحيحًا.',
  'seats must be 1 or more.': 'يجب أن يكون seats واحدًا أو أكثر.',
  'seats must be at most 99.': 'يجب ألا يزيد seats على 99.',
  'The trip event has been saved.': 'تم حفظ حدث الرحلة.',
  'The payment has been saved.': 'تم حفظ الدفعة.',
  'Events fetched successfully.': 'تم جلب الأحداث بنجاح.',
  'There is no passenger with this external_id: send the passenger first.':
    'لا يوجد راكب بهذا المعرّف external_id: أرسل الراكب أولًا.',
  'There is no driver with this external_id: send the driver first.':
    'لا يوجد سائق بهذا المعرّف external_id: أرسل السائق أولًا.',
  'There is no vehicle with this external_id: send the vehicle first.':
    'لا توجد مركبة بهذا المعرّف external_id: أرسل المركبة أولًا.',
  'This account was deleted in Cabdesk.': 'تم حذف هذا الحساب في Cabdesk.',
  'This vehicle was deleted in Cabdesk.': 'تم حذف هذه المركبة في Cabdesk.',
  'There is no trip with this external_id: send the trip first.':
    'لا توجد رحلة بهذا المعرّف external_id: أرسل الرحلة أولًا.',
  'This trip already has another payment.': 'لهذه الرحلة دفعة أخرى بالفعل.',
  'Another payment in Cabdesk already has this transaction id.':
    'توجد دفعة أخرى في Cabdesk بمعرّف المعاملة هذا.',
  'event must be one of {events}.': 'يجب أن يكون event أحد القيم: {events}.',
  'at must be a date and time with its offset, such as 2026-11-28T09:12:00Z.':
    'يجب أن يكون at تاريخًا ووقتًا مع فارق التوقيت، مثل 2026-11-28T09:12:00Z.',
  'at must be a time from 2000 on and no more than a day ahead of now.':
    'يجب أن يكون at وقتًا من عام 2000 فصاعدًا، ولا يتجاوز الآن بأكثر من يوم.',
  '{missing} is required with {given}: send both or neither.':
    '{missing} مطلوب مع {given}: أرسل الاثنين معًا أو لا ترسل أيًّا منهما.',
  'after must be an event id: a whole number, 0 or more.':
    'يجب أن يكون after معرّف حدث: عددًا صحيحًا، 0 أو أكثر.',
  'limit must be a whole number from 1 to {max}.': 'يجب أن يكون limit عددًا صحيحًا من 1 إلى {max}.',
  // ------------------------------------------------------------ live operations (issue 46)
  "The trip's route has been fetched.": 'تم جلب مسار الرحلة.',
  'Alerts fetched successfully.': 'تم جلب التنبيهات بنجاح.',
  'The positions have been received.': 'تم استلام المواقع.',
  'Map style fetched successfully.': 'تم جلب نمط الخريطة بنجاح.',
  'Driver fetched successfully.': 'تم جلب السائق بنجاح.',
  'Drivers found.': 'تم العثور على السائقين.',
  'Trips fetched successfully.': 'تم جلب الرحلات بنجاح.',
  'There is no driver with this id, or they never sent a position.':
    'لا يوجد سائق بهذا المعرّف، أو لم يرسل أي موقع قط.',
  'The live map stream ticket is invalid, used or expired.':
    'تذكرة بث الخريطة المباشرة غير صالحة أو مستخدمة أو منتهية الصلاحية.',
  'scheme must be one of {schemes}.': 'يجب أن يكون scheme واحدًا من {schemes}.',
  'state must list some of {states}, separated by commas.':
    'يجب أن يسرد state بعضًا من {states}، مفصولة بفواصل.',
  'search must be text.': 'يجب أن يكون search نصًا.',
  'search must be at least 2 characters.': 'يجب ألا يقل search عن حرفين.',
  'search must be at most 100 characters.': 'يجب ألا يزيد search على 100 حرف.',
  'This driver was deleted in Cabdesk.': 'تم حذف هذا السائق في Cabdesk.',
  'bbox must be minLng,minLat,maxLng,maxLat in degrees, the minimums first.':
    'يجب أن يكون bbox بالصيغة minLng,minLat,maxLng,maxLat بالدرجات، والقيم الدنيا أولًا.',
  'fixes must be a list of positions.': 'يجب أن يكون fixes قائمة من المواقع.',
  'fixes must hold at least one position.': 'يجب أن يحتوي fixes على موقع واحد على الأقل.',
  'fixes must hold at most {max} positions.': 'يجب ألا يحتوي fixes على أكثر من {max} موقع.',
  'heading must be degrees from 0 to 360.': 'يجب أن يكون heading زاوية بالدرجات من 0 إلى 360.',
  'speed must be metres a second, 0 or more.': 'يجب أن يكون speed بالمتر في الثانية، 0 أو أكثر.',
  'speed must be metres a second, at most 150.':
    'يجب أن يكون speed بالمتر في الثانية، 150 على الأكثر.',
  'state must be one of {states}.': 'يجب أن يكون state أحد القيم: {states}.',
  '{field} must be a number of degrees.': 'يجب أن يكون {field} عددًا من الدرجات.',
  '{field} must be from -{limit} to {limit}.': 'يجب أن يكون {field} بين -{limit} و{limit}.',
  // ------------------------------------------------------------ webhooks (issue 44)
  'A test event from Cabdesk.': 'حدث تجريبي من Cabdesk.',
  'Every delivery failed for a day (last: {error}).':
    'فشلت كل عمليات التسليم طوال يوم (آخرها: {error}).',
  'Webhooks fetched successfully.': 'تم جلب webhooks بنجاح.',
  'Webhook created. Copy its secret now: it is not shown again.':
    'تم إنشاء webhook. انسخ سرّه الآن: لن يُعرض مرة أخرى.',
  'Webhook updated successfully.': 'تم تحديث webhook بنجاح.',
  'Webhook deleted successfully.': 'تم حذف webhook بنجاح.',
  'Test event queued.': 'أُضيف الحدث التجريبي إلى قائمة الانتظار.',
  'Secret rotated. The old secret signs too for the next 24 hours.':
    'تم تجديد السرّ. يوقّع السرّ القديم أيضًا خلال الساعات الـ24 القادمة.',
  'Webhook deliveries fetched successfully.': 'تم جلب تسليمات webhook بنجاح.',
  'Deliveries queued again.': 'أُعيدت التسليمات إلى قائمة الانتظار.',
  'Webhook not found.': 'لم يُعثر على webhook.',
  'Enter the https:// URL of the endpoint.': 'أدخل رابط https:// للوجهة.',
  'The endpoint must be a public https:// address.': 'يجب أن تكون الوجهة عنوان https:// عامًا.',
  'Choose at least one event.': 'اختر حدثًا واحدًا على الأقل.',
  'Unknown event type.': 'نوع حدث غير معروف.',
  'Send url, events or enabled.': 'أرسل url أو events أو enabled.',
  'None of these deliveries exists.': 'لا يوجد أي من هذه التسليمات.',
  'Delivery attempts fetched successfully.': 'تم جلب محاولات التسليم بنجاح.',
  'Delivery not found.': 'التسليم غير موجود.',
  'The URL may be at most 2000 characters.': 'يجب ألا يتجاوز الرابط 2000 حرف.',
  'enabled must be true or false.': 'يجب أن تكون enabled إما true أو false.',
  'status must be pending, delivered or failed.':
    'يجب أن تكون status إحدى القيم pending أو delivered أو failed.',
  'ids must be a list of delivery ids.': 'يجب أن تكون ids قائمة بمعرّفات التسليمات.',
  'Choose at least one delivery.': 'اختر تسليمًا واحدًا على الأقل.',
  'At most {max} deliveries at once.': '{max} تسليمًا على الأكثر في المرة الواحدة.',

  'Notification settings fetched successfully.': 'تم جلب إعدادات الإشعارات بنجاح.',
  'Notification settings saved.': 'تم حفظ إعدادات الإشعارات.',
  'Each muted kind must be one of {kinds}.': 'يجب أن يكون كل نوع مكتوم واحدًا من {kinds}.',
  'muted_kinds must be a list of kinds.': 'يجب أن تكون muted_kinds قائمة بالأنواع.',
  'muted_kinds lists each kind at most once.': 'تذكر muted_kinds كل نوع مرة واحدة على الأكثر.',
  'records must be up to {max} keys such as driver-12, separated by commas.':
    'تقبل records حتى {max} مفتاحًا مثل driver-12، مفصولة بفواصل.',

  'The line is not a JSON object: {"kind": ..., ...}.': 'السطر ليس كائن JSON: {"kind": ..., ...}.',
  'The row has {cells} cells; the header has {header}.':
    'في الصف {cells} خلايا؛ وفي سطر العناوين {header}.',
  'kind must be one of {kinds}.': 'يجب أن يكون kind واحدًا من {kinds}.',

  // ------------------------------------------------------------ cases (issue 49)
  'A case that is {from} cannot become {to}.': 'لا يمكن لبلاغ حالته {from} أن يصبح {to}.',
  'Another case already has this external_id with a different kind.':
    'يوجد بلاغ آخر بهذا external_id من نوع مختلف.',
  'Case deadlines fetched successfully.': 'تم جلب مهل البلاغات بنجاح.',
  'Case deadlines saved.': 'تم حفظ مهل البلاغات.',
  'Case fetched successfully.': 'تم جلب البلاغ بنجاح.',
  'Case not found.': 'البلاغ غير موجود.',
  'Case updated successfully.': 'تم تحديث البلاغ بنجاح.',
  'Cases fetched successfully.': 'تم جلب البلاغات بنجاح.',
  'Choose an outcome before resolving the case.': 'اختر نتيجة قبل حل البلاغ.',
  'This case has no trip to refund: choose another outcome.':
    'لا رحلة مرتبطة بهذا البلاغ لاسترداد أجرتها: اختر نتيجة أخرى.',
  'Refund the trip first, then send the refund’s refund_id with the outcome refund.':
    'استرد أجرة الرحلة أولًا، ثم أرسل refund_id الخاص بالاسترداد مع النتيجة refund.',
  'There is no refund of this case’s trip with this id.':
    'لا يوجد استرداد لرحلة هذا البلاغ بهذا المعرّف.',
  'refund_id goes with the outcome refund.': 'يُرسل refund_id مع النتيجة refund فقط.',
  'Driver rating fetched successfully.': 'تم جلب تقييم السائق بنجاح.',
  'Drivers to review fetched successfully.': 'تم جلب السائقين المطلوب مراجعتهم بنجاح.',
  'Please write the note.': 'يرجى كتابة الملاحظة.',
  'Send status, assignee_id, note or outcome.': 'أرسل status أو assignee_id أو note أو outcome.',
  'The case has been saved.': 'تم حفظ البلاغ.',
  'The rating has been saved.': 'تم حفظ التقييم.',
  'The time to resolve must be longer than the time to acknowledge.':
    'يجب أن تكون مهلة الحل أطول من مهلة تأكيد الاستلام.',
  'There is no administrator who works cases with this id.':
    'لا يوجد مسؤول يعمل على البلاغات بهذا المعرّف.',
  'There is no passenger or driver with this external_id: send them first.':
    'لا يوجد راكب أو سائق بهذا external_id: أرسله أولًا.',
  'This case has no driver to deactivate.': 'لا يوجد في هذا البلاغ سائق لإيقافه.',
  'This case is closed: it cannot be changed.': 'هذا البلاغ مغلق: لا يمكن تغييره.',
  'Your role ({role}) cannot deactivate a driver.': 'لا يمكن لدورك ({role}) إيقاف سائق.',
  'Your role may only take a case: assign it to yourself.':
    'يمكن لدورك فقط تولي البلاغ: أسنده إلى نفسك.',
  'below must be a number of stars from 1 to 5, such as 3.5.':
    'يجب أن يكون below عدد نجوم من 1 إلى 5، مثل 3.5.',
  'by must be passenger or driver.': 'يجب أن يكون by إما passenger أو driver.',
  'complaint_type is for a complaint only.': 'complaint_type خاص بالشكاوى فقط.',
  'complaint_type must be one of {types}.': 'يجب أن يكون complaint_type واحدًا من {types}.',
  'kind must be sos or complaint.': 'يجب أن يكون kind إما sos أو complaint.',
  'kind must be sos, complaint or rating.': 'يجب أن يكون kind واحدًا من sos أو complaint أو rating.',
  'last must be a whole number from 1 to 500.': 'يجب أن يكون last عددًا صحيحًا من 1 إلى 500.',
  'note must be at most 2000 characters.': 'يمكن أن يحتوي note على 2000 حرف كحد أقصى.',
  'note must be text.': 'يجب أن يكون note نصًا.',
  'note_kind must be one of {kinds}.': 'يجب أن يكون note_kind واحدًا من {kinds}.',
  'outcome must be one of {outcomes}.': 'يجب أن يكون outcome واحدًا من {outcomes}.',
  'stars must be a whole number from 1 to 5.': 'يجب أن يكون stars عددًا صحيحًا من 1 إلى 5.',
  'status must be one of {statuses}.': 'يجب أن يكون status واحدًا من {statuses}.',
  'status must be open or one of {statuses}.':
    'يجب أن يكون status إما open أو واحدًا من {statuses}.',
  'type must be one of {types}.': 'يجب أن يكون type واحدًا من {types}.',
  '{field} must be a whole number from 1 to 10000.':
    'يجب أن يكون {field} عددًا صحيحًا من 1 إلى 10000.',
  '{field} must not be empty.': 'يجب ألا يكون {field} فارغًا.',

  // ------------------------------------------------------------ the web client (SPEC 8)
  'Something went wrong': 'حدث خطأ ما',
  'Internal server Error': 'خطأ داخلي في الخادم',
};
