# Hearth's interface in Modern Standard Arabic. Translated from en.ftl; same ids.
## i18n

language = اللغة
language-automatic = تلقائي ({ $name })
language-apply = تطبيق وإعادة التحميل
language-hint = لغة الواجهة على هذا الجهاز. لا تُترجَم أبدًا النصوص التي تكتبها أنت أو تكتبها النماذج.
language-failed = تعذّر تحميل اللغة المختارة، لذا تُعرض { $name }: { $why }
language-not-kept = لم يحتفظ هذا المتصفح بالاختيار (مساحة التخزين فيه محظورة أو ممتلئة).

## chat

app-agents = الوكلاء
app-tools = الأدوات
app-settings = الإعدادات
app-conversations = المحادثات
app-show-conversations = إظهار المحادثات
app-more = المزيد
ui-copied = تم النسخ
ui-copy = نسخ
ui-close = إغلاق
ui-retry = إعادة المحاولة
chat-messages = الرسائل
chat-conversation = المحادثة
chat-message-you = أنت
chat-message-system = النظام
chat-jump-to-latest = الانتقال إلى الأحدث
chat-conversation-not-found = المحادثة غير موجودة
chat-conversation-not-found-detail = يشير هذا العنوان إلى محادثة غير موجودة في هذا المتصفح. ربما حُذفت، أو أُنشئت في متصفح آخر: فالمحادثات تُخزَّن فقط في المتصفح الذي أنشأها.
chat-start-new-chat = بدء محادثة جديدة
chat-add-provider-to-start = أضف مزوّدًا للبدء: OpenAI أو Anthropic أو Gemini أو أي خادم متوافق مع OpenAI، بما في ذلك Ollama أو LM Studio على هذا الحاسوب.
chat-set-up-provider = إعداد مزوّد
chat-welcome-heading = كيف يمكنني مساعدتك اليوم؟
chat-suggestions = اقتراحات
chat-suggestion-explain = اشرح شيئًا ببساطة
chat-suggestion-explain-prompt = اشرح بعبارات بسيطة كيف يحافظ HTTPS على خصوصية الاتصال.
chat-suggestion-code = اكتب بعض الشيفرة
chat-suggestion-code-prompt = اكتب دالة تتحقق مما إذا كانت سلسلة نصية متناظرة (palindrome)، مع اختبارات.
chat-suggestion-summarise = لخّص نصًّا
chat-suggestion-summarise-prompt = لخّص هذا النص في ثلاث نقاط:
chat-suggestion-plan = خطّط لعطلة نهاية الأسبوع
chat-suggestion-plan-prompt = ساعدني في التخطيط لعطلة نهاية أسبوع هادئة بعيدًا عن المنزل. اسألني أولًا عمّا أستمتع به.
chat-welcome-privacy = لا يغادر شيء هذا المتصفح سوى الطلب المُرسَل إلى مزوّدك.
chat-open-conversation = المحادثة المفتوحة
chat-export-markdown = تصدير بصيغة Markdown
chat-branches = الفروع
chat-branches-tooltip = كل موضع تتفرّع فيه هذه المحادثة، لإظهار أي فرع
chat-export-versions-tooltip = الفرع المعروض، ثم كل نسخة أخرى كملحق
chat-export-with-versions = تصدير مع النسخ الأخرى
chat-clear-already-empty = المحادثة فارغة بالفعل
chat-clear-tooltip = حذف كل رسائلها
chat-clear-conversation = مسح المحادثة
chat-clear-confirm = هل تريد مسح المحادثة «{ $title }»؟ ستُحذف كل رسائلها، وتبقى المحادثة فارغةً في القائمة. لا يمكن التراجع عن ذلك.
chat-summary-divider = تم تلخيص الرسائل السابقة
chat-summary-divider-count =
    { $n ->
        [zero] تم تلخيص الرسائل السابقة ({ $n } رسالة)
        [one] تم تلخيص الرسائل السابقة (رسالة واحدة)
        [two] تم تلخيص الرسائل السابقة (رسالتان)
        [few] تم تلخيص الرسائل السابقة ({ $n } رسائل)
        [many] تم تلخيص الرسائل السابقة ({ $n } رسالة)
       *[other] تم تلخيص الرسائل السابقة ({ $n } رسالة)
    }
chat-summary-group = ملخّص الرسائل السابقة
chat-summary = الملخّص
chat-summary-undo-label = التراجع عن التلخيص
chat-summary-undo-tooltip = حذف هذا الملخّص: ستُرسِل الطلبات الرسائلَ السابقة من جديد
chat-undo = تراجع
chat-show-whole-message = إظهار الرسالة كاملةً ({ $size })
chat-versions-of-message = نسخ هذه الرسالة
chat-edit = تعديل
chat-edit-tooltip = التعديل والإرسال من جديد (يبقى الأصل)
chat-media-open = فتح { $name } ({ $detail })
chat-media-missing = لم يعد مخزَّنًا
chat-media-list = الصور وملفات PDF والملاحظات الصوتية
chat-media-image-alt = { $name }، مرفق بالرسالة ({ $detail })
chat-media-no-longer-stored = لم يعد مخزَّنًا
chat-media-not-downloaded = لم يُنزَّل { $name }: { $reason }.
chat-media-download = تنزيل
chat-voice-note-play = تشغيل { $name }
chat-voice-note-transcript = التفريغ النصي
chat-version-of = النسخة { $number } من { $count }
chat-show-previous-version = إظهار النسخة السابقة
chat-previous-version = النسخة السابقة
chat-show-next-version = إظهار النسخة التالية
chat-next-version = النسخة التالية
chat-more-actions = مزيد من الإجراءات
chat-edit-answer = تعديل هذا الرد
chat-branch-new-chat = التفرّع إلى محادثة جديدة
chat-delete-version = حذف هذه النسخة
chat-keep-only-path = الإبقاء على هذا المسار فقط
chat-edit-your-message = عدّل رسالتك
chat-edit-message-hint = تُرسَل كنسخة جديدة: يبقى الأصل وردوده على بُعد سهم واحد.
chat-cancel = إلغاء
chat-send = إرسال
chat-answer-text = نص الرد
chat-edit-answer-hint = «الحفظ كنسخة جديدة» يُبقي الأصل على بُعد سهم واحد. «الإصلاح في المكان» يغيّر هذا الرد ويضع عليه علامة «معدَّل». وفي الحالتين لا يُزال شيء مما يليه.
chat-fix-in-place = الإصلاح في المكان
chat-save-new-version = الحفظ كنسخة جديدة
chat-outline-heading = فروع هذه المحادثة
chat-outline-hint = كل موضع تتفرّع فيه هذه المحادثة، ونسخه. اختر واحدة لإظهار فرعها.
chat-outline-shown = معروضة
chat-outline-fork-answers =
    { $count ->
        [zero] الدور { $turn } · { $count } رد
        [one] الدور { $turn } · رد واحد
        [two] الدور { $turn } · ردّان
        [few] الدور { $turn } · { $count } ردود
        [many] الدور { $turn } · { $count } ردًّا
       *[other] الدور { $turn } · { $count } رد
    }
chat-outline-fork-questions =
    { $count ->
        [zero] الدور { $turn } · { $count } نسخة من السؤال
        [one] الدور { $turn } · نسخة واحدة من السؤال
        [two] الدور { $turn } · نسختان من السؤال
        [few] الدور { $turn } · { $count } نسخ من السؤال
        [many] الدور { $turn } · { $count } نسخة من السؤال
       *[other] الدور { $turn } · { $count } نسخة من السؤال
    }
chat-outline-version = { $number } من { $count }: { $text }
chat-outline-model-edited = { $model }، معدَّل
chat-compare-answer-name = الرد { $letter }
chat-compare-merged-answer = الرد المدمج
chat-compare-merge-credit =
    { $count ->
        [zero] مكتوب من { $count } رد بالتعليمة: «{ $recipe }»
        [one] مكتوب من رد واحد بالتعليمة: «{ $recipe }»
        [two] مكتوب من ردّين بالتعليمة: «{ $recipe }»
        [few] مكتوب من { $count } ردود بالتعليمة: «{ $recipe }»
        [many] مكتوب من { $count } ردًّا بالتعليمة: «{ $recipe }»
       *[other] مكتوب من { $count } رد بالتعليمة: «{ $recipe }»
    }
chat-compare-writing = جارٍ الكتابة…
chat-compare-stop-answer = إيقاف { $name }
chat-compare-stop = إيقاف
chat-compare-retry-answer = إعادة محاولة { $name }
chat-compare-continue-with-answer = المتابعة مع { $name }
chat-compare-continuing = المتابعة من هذا الرد
chat-compare-continue-with-this = المتابعة بهذا
chat-compare-choose-tooltip = اختره لـ«المتابعة بشكل منفصل»
chat-compare-choose-answer = اختيار { $name } للمتابعة بشكل منفصل
chat-compare-choose = اختيار
chat-compare-first-token-time = { $time } حتى أول رمز
chat-compare-total-time = { $time } إجمالًا
chat-compare-output-tokens =
    { $n ->
        [zero] { $n } رمز
        [one] رمز واحد
        [two] رمزان
        [few] { $n } رموز
        [many] { $n } رمزًا
       *[other] { $n } رمز
    }
chat-compare-cost = نحو { $cost }
chat-compare-new-chats =
    { $n ->
        [zero] { $n } محادثة جديدة، مدرجة تحت هذه المحادثة.
        [one] محادثة جديدة واحدة، مدرجة تحت هذه المحادثة.
        [two] محادثتان جديدتان، مدرجتان تحت هذه المحادثة.
        [few] { $n } محادثات جديدة، مدرجة تحت هذه المحادثة.
        [many] { $n } محادثة جديدة، مدرجة تحت هذه المحادثة.
       *[other] { $n } محادثة جديدة، مدرجة تحت هذه المحادثة.
    }
chat-compare-turn-label = ردود مقارَنة ({ $n })
chat-compare-answers = الردود
chat-compare-scroll-separately = تمرير الأعمدة كلٍّ على حدة
chat-compare-continue-separately-tooltip = يتابع كل رد مختار في محادثة جديدة خاصة به
chat-compare-continue-separately = المتابعة بشكل منفصل
chat-compare-continue-separately-count = المتابعة بشكل منفصل ({ $n })
chat-compare-merge-open = دمج…
chat-compare-merge-form = دمج الردود
chat-compare-recipe = الطريقة
chat-compare-instruction = التعليمة
chat-compare-written-by = يكتبه
chat-compare-agent-model = نموذج الوكيل
chat-compare-merge = دمج

## composer

composer-label = محرّر الرسالة
composer-keys = Enter للإرسال · Shift+Enter لسطر جديد · @ لإرفاق ملف
composer-message = الرسالة
composer-message-placeholder = راسل Hearth…
composer-talk = تحدّث
composer-talk-title = تحدّث مع النموذج بصوت مسموع
composer-search = بحث
composer-search-web = البحث في الويب
composer-search-title = الرد باستخدام بحث الويب الخاص بالمزوّد، مع المصادر
composer-take-photo = التقاط صورة
composer-compare = مقارنة
composer-compare-models = مقارنة النماذج
composer-compare-title = إرسال الرسالة التالية إلى عدة نماذج ورؤية ردودها جنبًا إلى جنب
composer-effort = جهد الاستدلال
composer-effort-title = مقدار تفكير نموذج الاستدلال قبل الرد
composer-effort-default = الجهد: افتراضي
composer-effort-low = الجهد: منخفض
composer-effort-medium = الجهد: متوسط
composer-effort-high = الجهد: مرتفع
composer-dictate = إملاء
composer-dictate-title = تحدّث بدلًا من الكتابة (Alt+Shift+U)
composer-compact = ضغط
composer-compact-conversation = ضغط المحادثة
composer-compact-title = تلخيص الرسائل السابقة الآن؛ تبقى هنا، وتُرسِل الطلبات الملخّص
composer-context-used =
    { $window ->
        [zero] { $used } من { $window } رمز · { $percent }٪
        [one] { $used } من رمز واحد · { $percent }٪
        [two] { $used } من رمزين · { $percent }٪
        [few] { $used } من { $window } رموز · { $percent }٪
        [many] { $used } من { $window } رمزًا · { $percent }٪
       *[other] { $used } من { $window } رمز · { $percent }٪
    }
composer-context-window-used = المستخدَم من نافذة السياق
composer-context-full = سيلخّص الطلب التالي الرسائل السابقة أولًا
composer-context-estimated = الحجم التقديري للطلب التالي
composer-attach-file = إرفاق ملف
composer-attach-title = إرفاق صور أو ملفات PDF أو صوت أو ملفات نصية (.md، .txt)
composer-reads-no-pdfs = لا يقرأ { $model } ملفات PDF ({ $reason }): يُرسَل ملف PDF كنصّه.
composer-reads-no-images = لا يقرأ { $model } الصور ({ $reason }): تُرسَل الصورة كملاحظة.
composer-reads-no-images-or-pdfs = لا يقرأ { $model } الصور ولا ملفات PDF ({ $reason }): تُرسَل الصورة كملاحظة، وملف PDF كنصّه.
composer-attached-files = الملفات المرفقة
composer-attached-media = الصور وملفات PDF والملاحظات الصوتية المرفقة
composer-remove-file = إزالة { $name }
composer-preparing = جارٍ التحضير…
composer-media-will-be-sent = سيُرسَل بصيغة { $summary }
composer-transcribing = جارٍ التفريغ النصي…
composer-no-transcript-offered = لا تفريغ نصي: النموذج الذي لا يسمع الصوت يتلقى إشارة إليه فقط.
composer-transcript = التفريغ النصي: { $text }
composer-no-transcript = لا تفريغ نصي.
composer-voice-note-play = تشغيل { $name }
composer-make-transcript = إنشاء تفريغ نصي
composer-voice-note-ask = إنشاء تفريغ نصي لـ{ $name }
composer-heic-kept = لا يستطيع هذا المتصفح تحويل صور HEIC: تُترك كما هي، ولا تقرؤها إلا نماذج Gemini.
composer-refused-unknown = لم يُرفَق «{ $name }»: يقبل Hearth الصور وملفات PDF والصوت وملفات .md أو .txt.
composer-refused-not-audio = لم يُرفَق «{ $name }»: لم يتمكن هذا المتصفح من تشغيله كصوت (هل هو تالف؟).
composer-refused-too-long =
    { $minutes ->
        [zero] لم يُرفَق «{ $name }»: مدته أطول من { $minutes } دقيقة (اختصره أو قسّمه).
        [one] لم يُرفَق «{ $name }»: مدته أطول من دقيقة واحدة (اختصره أو قسّمه).
        [two] لم يُرفَق «{ $name }»: مدته أطول من دقيقتين (اختصره أو قسّمه).
        [few] لم يُرفَق «{ $name }»: مدته أطول من { $minutes } دقائق (اختصره أو قسّمه).
        [many] لم يُرفَق «{ $name }»: مدته أطول من { $minutes } دقيقة (اختصره أو قسّمه).
       *[other] لم يُرفَق «{ $name }»: مدته أطول من { $minutes } دقيقة (اختصره أو قسّمه).
    }
composer-refused-too-large = لم يُرفَق «{ $name }»: حجمه أكبر من { $limit } ميغابايت.
composer-refused-unreadable = لم يُرفَق «{ $name }»: لم يتمكن هذا المتصفح من قراءته كصورة.
composer-refused-failed = لم يُرفَق «{ $name }»: { $detail }.
composer-refused-not-loaded = لم يُرفَق «{ $name }»: لم تُحمَّل شيفرة المرفقات في Hearth (تحقّق من الاتصال وحاول مجددًا).
composer-failed-stored = تعذّر تخزينه
composer-failed-hashed = تعذّر حساب بصمته
composer-project-files = ملفات المشروع
composer-mention-one-match = يطابق ملف واحد من ملفات المشروع. Enter أو Tab لإرفاقه، وEscape لإغلاق القائمة.
composer-mention-matches =
    { $n ->
        [zero] يطابق { $n } ملف من ملفات المشروع. ↑ و↓ للاختيار، وEnter أو Tab للإرفاق، وEscape لإغلاق القائمة.
        [one] يطابق ملف واحد من ملفات المشروع. ↑ و↓ للاختيار، وEnter أو Tab للإرفاق، وEscape لإغلاق القائمة.
        [two] يطابق ملفان من ملفات المشروع. ↑ و↓ للاختيار، وEnter أو Tab للإرفاق، وEscape لإغلاق القائمة.
        [few] يطابق { $n } ملفات من ملفات المشروع. ↑ و↓ للاختيار، وEnter أو Tab للإرفاق، وEscape لإغلاق القائمة.
        [many] يطابق { $n } ملفًا من ملفات المشروع. ↑ و↓ للاختيار، وEnter أو Tab للإرفاق، وEscape لإغلاق القائمة.
       *[other] يطابق { $n } ملف من ملفات المشروع. ↑ و↓ للاختيار، وEnter أو Tab للإرفاق، وEscape لإغلاق القائمة.
    }
composer-knowledge-matches = { $n } من قواعد المعرفة والملفات تطابق. الأعلى والأسفل للتنقل، Enter أو Tab للاختيار، Escape لإغلاق القائمة.
composer-knowledge-one-match = يطابق قاعدة معرفة أو ملف واحد. Enter أو Tab لاختياره، وEscape لإغلاق القائمة.
composer-knowledge-list = قواعد المعرفة والملفات
composer-mention-no-files = لا توجد ملفات مشروع بعد. أضف ملفًا عبر «إرفاق ملف»، أو بإفلاته على المحادثة، أو من «الأدوات».
composer-mention-no-match = لا يطابق أي ملف من ملفات المشروع «{ $query }».
composer-image = صورة
composer-create-image = إنشاء صورة
composer-image-title = اطلب من نموذج الصور لدى المزوّد صورًا لما تكتبه
composer-what-to-draw = ما الذي يُرسَم
composer-picture-edits = يعدّل النموذج الصورة المرفقة في مربع الرسالة: { $name }.
composer-picture-how-to-edit = لتعديل صورة، أرفقها في مربع الرسالة أولًا.
composer-image-model = نموذج الصور
composer-image-model-hint = يُطلَب من الحساب الذي يرد في هذه المحادثة.
composer-draw-first = اكتب أولًا ما الذي يُرسَم.
composer-name-model-first = حدّد نموذج صور أولًا.
composer-picture-not-sent = لم يُرسَل شيء: ما زال رد قيد الكتابة هنا، أو يجري تحضير مرفق، أو لم يعد بإمكان هذه العلامة حفظ شيء (انظر الشريط أعلى الصفحة).
composer-create = إنشاء
composer-picture-size = الحجم
composer-picture-quality = الجودة
composer-picture-count = عدد الصور
composer-size-automatic = الحجم: تلقائي
composer-size-square = مربّع
composer-size-landscape = أفقي
composer-size-portrait = عمودي
composer-quality-automatic = الجودة: تلقائية
composer-quality-low = الجودة: منخفضة
composer-quality-medium = الجودة: متوسطة
composer-quality-high = الجودة: عالية
composer-pictures-1 = صورة واحدة
composer-pictures-2 = صورتان
composer-pictures-3 = ٣ صور
composer-pictures-4 = ٤ صور
composer-compare-hint = تذهب رسالتك التالية إلى كل عمود؛ وتتدفق الردود جنبًا إلى جنب.
composer-compare-add-column = إضافة عمود
composer-compare-blind = مقارنة عمياء: إخفاء أسماء النماذج حتى أختار أحدها
composer-compare-cost-title = تقدير مبني على طول المحادثة والأسعار المعلنة
composer-stop-comparing = إيقاف المقارنة
composer-compare-blind-picks = الاختيارات العمياء على هذا الجهاز: { $tally }
composer-column-agent = وكيل العمود { $letter }
composer-column-model = نموذج العمود { $letter }
composer-column-remove = إزالة العمود { $letter }
composer-follows-merged = تتابع رسالتك التالية من الرد المدمج.
composer-follows-blind-answer = تتابع رسالتك التالية من الرد { $letter }. اختر ردًّا عبر «المتابعة بهذا».
composer-follows-answer = تتابع رسالتك التالية من الرد { $letter } ({ $model }).
sessions-close = إغلاق المحادثات
sessions-new-chat = محادثة جديدة
sessions-search-label = البحث في المحادثات
sessions-search-placeholder = البحث في كل الرسائل
sessions-list = قائمة المحادثات
sessions-show-more = إظهار مزيد من المحادثات
sessions-empty = ستظهر محادثاتك هنا. وهي تُخزَّن في هذا المتصفح فقط.
sessions-deleted = حُذفت «{ $title }»
sessions-rename = إعادة التسمية
sessions-pin = تثبيت
sessions-unpin = إلغاء التثبيت
sessions-delete = حذف
sessions-actions-for = إجراءات { $title }
sessions-pinned = مثبّتة
sessions-title-field = عنوان المحادثة
sessions-replying = يجري الرد
sessions-reply-streaming = يجري بثّ رد
sessions-searching = جارٍ البحث…
sessions-no-match = لا توجد رسائل مطابقة.
sessions-search-results = نتائج البحث
sessions-other-branch = في فرع آخر
sessions-search-count =
    { $total ->
        [zero] { $total } نتيجة
        [one] نتيجة واحدة
        [two] نتيجتان
        [few] { $total } نتائج
        [many] { $total } نتيجة
       *[other] { $total } نتيجة
    }
sessions-search-count-newest =
    { $total ->
        [zero] أحدث { $shown } من { $total } نتيجة
        [one] أحدث { $shown } من نتيجة واحدة
        [two] أحدث { $shown } من نتيجتين
        [few] أحدث { $shown } من { $total } نتائج
        [many] أحدث { $shown } من { $total } نتيجة
       *[other] أحدث { $shown } من { $total } نتيجة
    }
sessions-search-count-many = أحدث { $shown } من نتائج كثيرة؛ أضف كلمة لتضييق البحث
sessions-search-count-recent = تم العثور على { $shown } في أحدث المحادثات؛ أضف كلمة لتضييق البحث

## reply

reply-assistant = المساعد
reply-copy-code = نسخ الشيفرة
reply-hide-diagram = إخفاء المخطط
reply-show-diagram = إظهار المخطط
reply-drawing-diagram = جارٍ رسم المخطط…
reply-diagram-shown = المخطط معروض
reply-diagram-failed = تعذّر رسم هذا المخطط: { $why }
reply-code-unnamed = شيفرة
reply-code = شيفرة
reply-code-named = شيفرة { $language }
reply-load-image = تحميل الصورة
reply-load-image-name = تحميل الصورة { $label } من { $host }
reply-load-image-compact = تحميل الصورة: { $label } ({ $host })
reply-image-not-loaded = (لم تُحمَّل الصورة)
reply-app-code = شيفرة التطبيق
reply-source = المصدر { $number }
reply-unlock-keys = فتح قفل مفاتيح API
reply-compact-and-retry = الضغط وإعادة المحاولة
reply-retry-wait = طلب المزوّد الانتظار: { $secs } ث
reply-loading-image = جارٍ تحميل الصورة…
reply-open-image-new-tab = فتح الصورة في علامة تبويب جديدة
reply-read-aloud = القراءة بصوت عالٍ
reply-pause = إيقاف مؤقت
reply-picture-being-drawn = الصورة قيد الرسم، لم تكتمل
reply-drawing = جارٍ الرسم…
reply-pictures = الصور
reply-picture-alt = الصورة { $number } التي أنشأها النموذج
reply-picture-not-shown = صورة من النوع { $type }، غير معروضة.
reply-picture-open = فتح الصورة { $number } التي أنشأها النموذج
reply-picture-gone = الصورة { $number } لم تعد مخزَّنة.
reply-sources = المصادر
reply-saved = تم الحفظ
reply-save-as-file = الحفظ كملف
reply-save-as-file-markdown = الحفظ كملف (Markdown)
reply-still-writing = ما زال يكتب
reply-thinking-for = يفكّر… { $secs } ث
reply-thought-for = فكّر لمدة { $secs } ث
reply-thinking = التفكير
reply-unsupported-parts =
    { $n ->
        [zero] يحتوي هذا الرد على { $n } جزء لا يستطيع Hearth عرضه بعد.
        [one] يحتوي هذا الرد على جزء واحد لا يستطيع Hearth عرضه بعد.
        [two] يحتوي هذا الرد على جزأين لا يستطيع Hearth عرضهما بعد.
        [few] يحتوي هذا الرد على { $n } أجزاء لا يستطيع Hearth عرضها بعد.
        [many] يحتوي هذا الرد على { $n } جزءًا لا يستطيع Hearth عرضها بعد.
       *[other] يحتوي هذا الرد على { $n } جزء لا يستطيع Hearth عرضها بعد.
    }
reply-show-raw-json = إظهار JSON الخام
reply-unsupported-parts-list = أجزاء لا يستطيع Hearth عرضها
reply-google-search-suggestions = اقتراحات Google Search
reply-provider-tools = أدوات المزوّد
reply-show-its-json = إظهار JSON الخاص بها
reply-server-tool-searching-for = جارٍ البحث في الويب عن «{ $query }»…
reply-server-tool-searching = جارٍ البحث في الويب…
reply-server-tool-search-for-failed = فشل البحث عن «{ $query }»
reply-server-tool-search-failed = فشل بحث في الويب
reply-server-tool-searched-for = بحث في الويب عن «{ $query }»
reply-server-tool-searched = بحث في الويب
reply-server-tool-reading-url = جارٍ قراءة { $url }…
reply-server-tool-reading-url-failed = فشلت قراءة { $url }
reply-server-tool-read-url = قرأ { $url }
reply-server-tool-reading-page = جارٍ قراءة صفحة…
reply-server-tool-reading-page-failed = فشلت قراءة صفحة
reply-server-tool-read-page = قرأ صفحة
reply-server-tool-drawing = جارٍ رسم صورة…
reply-server-tool-drawing-failed = فشل رسم صورة
reply-server-tool-drew = رسم صورة
reply-server-tool-unsupported = غير مدعومة: { $name }
reply-server-tool-failed-why = { $what }: { $why }
reply-server-tool-results =
    { $count ->
        [zero] { $text } · { $count } نتيجة
        [one] { $text } · نتيجة واحدة
        [two] { $text } · نتيجتان
        [few] { $text } · { $count } نتائج
        [many] { $text } · { $count } نتيجة
       *[other] { $text } · { $count } نتيجة
    }
reply-usage = { $input } إدخال · { $output } إخراج
reply-usage-with-reasoning = { $input } إدخال · { $output } إخراج · { $reasoning } استدلال
reply-regenerate = إعادة التوليد
reply-regenerate-title = إعادة التوليد (الرد من جديد)
reply-tokens = الرموز
reply-versions-of-answer = نسخ هذا الرد
reply-badge-edited = { $named } · معدَّل
reply-badge-agent-model = الوكيل · النموذج
reply-badge-model = النموذج
reply-chunks-skipped =
    { $n ->
        [zero] تعذّرت قراءة { $n } مقطع من البث فتم تخطيه.
        [one] تعذّرت قراءة مقطع واحد من البث فتم تخطيه.
        [two] تعذّرت قراءة مقطعين من البث فتم تخطيهما.
        [few] تعذّرت قراءة { $n } مقاطع من البث فتم تخطيها.
        [many] تعذّرت قراءة { $n } مقطعًا من البث فتم تخطيها.
       *[other] تعذّرت قراءة { $n } مقطع من البث فتم تخطيها.
    }
reply-extra-answers-ignored =
    { $answers ->
        [zero] أرسل المزوّد { $answers } رد (n > 1 في الطلب)؛ لا يُعرض إلا الأول.
        [one] أرسل المزوّد ردًّا واحدًا (n > 1 في الطلب)؛ لا يُعرض إلا الأول.
        [two] أرسل المزوّد ردّين (n > 1 في الطلب)؛ لا يُعرض إلا الأول.
        [few] أرسل المزوّد { $answers } ردود (n > 1 في الطلب)؛ لا يُعرض إلا الأول.
        [many] أرسل المزوّد { $answers } ردًّا (n > 1 في الطلب)؛ لا يُعرض إلا الأول.
       *[other] أرسل المزوّد { $answers } رد (n > 1 في الطلب)؛ لا يُعرض إلا الأول.
    }
reply-stopped = متوقف
reply-interrupted = انقطع: أُغلقت الصفحة أو أُعيد تحميلها أثناء بثّ هذا الرد.
reply-incomplete-title = قد يكون الرد غير مكتمل
reply-incomplete-detail = انتهى البث قبل أن يُعلن النموذج انتهاءه. يُحتفظ بما وصل؛ و«إعادة التوليد» تطلب من جديد.
reply-token-limit-title = بلغ الرد الحد الأقصى للرموز
reply-token-limit-detail = ارفع «الحد الأقصى للرموز» في «المزوّدون»، أو اطلب من النموذج المتابعة.
reply-safety-filter-title = أوقف مرشّح الأمان لدى المزوّد الرد
reply-safety-filter-detail = رفض النموذج، أو حظر مرشّح المحتوى لدى المزوّد الموجّه أو الرد.
reply-ended-early-title = أنهى المزوّد الرد مبكرًا
reply-regenerate-asks-again = «إعادة التوليد» تطلب من جديد.
chat-state-branch-not-stored = تعذّر تخزين المحادثة الجديدة.
chat-state-wait-reply-ended = انتظر حتى ينتهي الرد.
chat-state-no-other-version = ليس لهذه الرسالة نسخة أخرى: لم يُحذف شيء.
chat-state-no-other-branch = ليس لهذه المحادثة فرع آخر: لم يُحذف شيء.
chat-state-empty-answer = لا يمكن أن يكون الرد فارغًا: اكتب شيئًا، أو اختر «إلغاء».
chat-state-delete-version-confirm =
    { $count ->
        [zero] هل تريد حذف هذه النسخة وكل ما يليها ({ $count } رسالة)؟ يمكنك التراجع عن ذلك خلال بضع ثوانٍ.
        [one] هل تريد حذف هذه النسخة وكل ما يليها (رسالة واحدة)؟ يمكنك التراجع عن ذلك خلال بضع ثوانٍ.
        [two] هل تريد حذف هذه النسخة وكل ما يليها (رسالتان)؟ يمكنك التراجع عن ذلك خلال بضع ثوانٍ.
        [few] هل تريد حذف هذه النسخة وكل ما يليها ({ $count } رسائل)؟ يمكنك التراجع عن ذلك خلال بضع ثوانٍ.
        [many] هل تريد حذف هذه النسخة وكل ما يليها ({ $count } رسالة)؟ يمكنك التراجع عن ذلك خلال بضع ثوانٍ.
       *[other] هل تريد حذف هذه النسخة وكل ما يليها ({ $count } رسالة)؟ يمكنك التراجع عن ذلك خلال بضع ثوانٍ.
    }
chat-state-keep-path-confirm =
    { $count ->
        [zero] هل تريد حذف كل الفروع عدا الفرع المعروض ({ $count } رسالة)؟ يمكنك التراجع عن ذلك خلال بضع ثوانٍ.
        [one] هل تريد حذف كل الفروع عدا الفرع المعروض (رسالة واحدة)؟ يمكنك التراجع عن ذلك خلال بضع ثوانٍ.
        [two] هل تريد حذف كل الفروع عدا الفرع المعروض (رسالتان)؟ يمكنك التراجع عن ذلك خلال بضع ثوانٍ.
        [few] هل تريد حذف كل الفروع عدا الفرع المعروض ({ $count } رسائل)؟ يمكنك التراجع عن ذلك خلال بضع ثوانٍ.
        [many] هل تريد حذف كل الفروع عدا الفرع المعروض ({ $count } رسالة)؟ يمكنك التراجع عن ذلك خلال بضع ثوانٍ.
       *[other] هل تريد حذف كل الفروع عدا الفرع المعروض ({ $count } رسالة)؟ يمكنك التراجع عن ذلك خلال بضع ثوانٍ.
    }
chat-state-messages-deleted =
    { $count ->
        [zero] حُذفت { $count } رسالة
        [one] حُذفت رسالة واحدة
        [two] حُذفت رسالتان
        [few] حُذفت { $count } رسائل
        [many] حُذفت { $count } رسالة
       *[other] حُذفت { $count } رسالة
    }
chat-state-merge-wait-columns = انتظر حتى ينتهي كل عمود.
chat-state-merge-too-few = يحتاج الدمج إلى ردّين على الأقل.
chat-state-merge-no-instruction = اكتب ما ينبغي أن يفعله الدمج.
chat-state-attachment-preparing = ما زال مرفق قيد التحضير: أرسل بعد أن يظهر جاهزًا.
chat-state-summary-no-provider = لم يُعدّ أي مزوّد
chat-state-summary-empty = لم يكتب النموذج أي ملخّص
chat-state-summary-stopped = أُوقف
chat-state-summary-gone = لم تعد المحادثة موجودة
chat-state-summary-too-short = الرسائل السابقة أقصر من أي ملخّص لها
chat-state-summarising = جارٍ تلخيص الرسائل السابقة…
chat-state-summarised =
    { $count ->
        [zero] تم تلخيص الرسائل السابقة ({ $count } رسالة). تبقى هنا؛ والطلبات وحدها تُرسِل الملخّص.
        [one] تم تلخيص الرسائل السابقة (رسالة واحدة). تبقى هنا؛ والطلبات وحدها تُرسِل الملخّص.
        [two] تم تلخيص الرسائل السابقة (رسالتان). تبقى هنا؛ والطلبات وحدها تُرسِل الملخّص.
        [few] تم تلخيص الرسائل السابقة ({ $count } رسائل). تبقى هنا؛ والطلبات وحدها تُرسِل الملخّص.
        [many] تم تلخيص الرسائل السابقة ({ $count } رسالة). تبقى هنا؛ والطلبات وحدها تُرسِل الملخّص.
       *[other] تم تلخيص الرسائل السابقة ({ $count } رسالة). تبقى هنا؛ والطلبات وحدها تُرسِل الملخّص.
    }
chat-state-nothing-to-summarise = لا شيء يُلخَّص بعد: تُرسَل الرسالة الأولى والأدوار الأخيرة دائمًا كما هي.
chat-state-summary-removed = أُزيل الملخّص: ستُرسِل الطلبات الرسائل السابقة من جديد.
chat-state-first-message-too-long =
    { $estimate ->
        [zero] الرسالة الأولى وحدها أطول من نافذة سياق هذا النموذج (نحو { $estimate } رمز من { $window })، لذا لن يفيد تلخيص الرسائل السابقة. اختصرها، أو اختر نموذجًا بنافذة أكبر.
        [one] الرسالة الأولى وحدها أطول من نافذة سياق هذا النموذج (نحو رمز واحد من { $window })، لذا لن يفيد تلخيص الرسائل السابقة. اختصرها، أو اختر نموذجًا بنافذة أكبر.
        [two] الرسالة الأولى وحدها أطول من نافذة سياق هذا النموذج (نحو رمزين من { $window })، لذا لن يفيد تلخيص الرسائل السابقة. اختصرها، أو اختر نموذجًا بنافذة أكبر.
        [few] الرسالة الأولى وحدها أطول من نافذة سياق هذا النموذج (نحو { $estimate } رموز من { $window })، لذا لن يفيد تلخيص الرسائل السابقة. اختصرها، أو اختر نموذجًا بنافذة أكبر.
        [many] الرسالة الأولى وحدها أطول من نافذة سياق هذا النموذج (نحو { $estimate } رمزًا من { $window })، لذا لن يفيد تلخيص الرسائل السابقة. اختصرها، أو اختر نموذجًا بنافذة أكبر.
       *[other] الرسالة الأولى وحدها أطول من نافذة سياق هذا النموذج (نحو { $estimate } رمز من { $window })، لذا لن يفيد تلخيص الرسائل السابقة. اختصرها، أو اختر نموذجًا بنافذة أكبر.
    }
chat-state-last-message-too-long =
    { $estimate ->
        [zero] الرسالة الأخيرة وحدها أطول من نافذة سياق هذا النموذج (نحو { $estimate } رمز من { $window })، لذا لن يفيد تلخيص الرسائل السابقة. اختصرها، أو اختر نموذجًا بنافذة أكبر.
        [one] الرسالة الأخيرة وحدها أطول من نافذة سياق هذا النموذج (نحو رمز واحد من { $window })، لذا لن يفيد تلخيص الرسائل السابقة. اختصرها، أو اختر نموذجًا بنافذة أكبر.
        [two] الرسالة الأخيرة وحدها أطول من نافذة سياق هذا النموذج (نحو رمزين من { $window })، لذا لن يفيد تلخيص الرسائل السابقة. اختصرها، أو اختر نموذجًا بنافذة أكبر.
        [few] الرسالة الأخيرة وحدها أطول من نافذة سياق هذا النموذج (نحو { $estimate } رموز من { $window })، لذا لن يفيد تلخيص الرسائل السابقة. اختصرها، أو اختر نموذجًا بنافذة أكبر.
        [many] الرسالة الأخيرة وحدها أطول من نافذة سياق هذا النموذج (نحو { $estimate } رمزًا من { $window })، لذا لن يفيد تلخيص الرسائل السابقة. اختصرها، أو اختر نموذجًا بنافذة أكبر.
       *[other] الرسالة الأخيرة وحدها أطول من نافذة سياق هذا النموذج (نحو { $estimate } رمز من { $window })، لذا لن يفيد تلخيص الرسائل السابقة. اختصرها، أو اختر نموذجًا بنافذة أكبر.
    }
chat-state-summary-failed-sent = تعذّر تلخيص الرسائل السابقة: { $why }. أُرسلت المحادثة كاملة.
chat-state-summary-failed-unchanged = تعذّر تلخيص الرسائل السابقة: { $why }. لم يتغيّر شيء.
chat-state-provider-error-http = { $title } (HTTP { $status })

## providers

providers-dialog-heading = المزوّدون
providers-dialog-hint = يتواصل Hearth مع كل مزوّد مباشرةً من هذا المتصفح. تُخزَّن المفاتيح هنا فقط ولا تُرسَل إلا إلى مزوّدها.
providers-your-providers = مزوّدوك
providers-add-heading = إضافة مزوّد
providers-new-type = نوع المزوّد الجديد
providers-add = إضافة المزوّد
providers-settings = إعدادات المزوّد
providers-type = النوع
providers-name = الاسم
providers-base-url = عنوان URL الأساسي
providers-api-version = إصدار API
providers-thinking = التفكير (الاستدلال قبل الرد)
providers-extra-json = JSON إضافي
providers-extra-json-hint = يُدمَج JSON الإضافي في متن كل طلب في النهاية، لذا يمكنه تعيين أي حقل أو تجاوزه.
providers-key-removed = أُزيل المفتاح لأن عنوان URL الأساسي يشير الآن إلى عنوان آخر. أدخل مفتاح العنوان الجديد.
providers-api = API
providers-api-automatic = تلقائي (Responses حيث يحتاجه النموذج)
providers-api-key = مفتاح API
providers-key-locked = مقفل
providers-key-required = مطلوب
providers-key-optional = اختياري للخوادم المحلية
providers-testing = جارٍ اختبار الاتصال…
providers-test-connection = اختبار الاتصال
providers-in-use = قيد الاستخدام
providers-use = استخدام هذا المزوّد
providers-delete = حذف المزوّد
providers-delete-confirm = هل تريد حذف المزوّد «{ $name }» ومفتاحه؟
providers-model-deployment = النموذج (اسم النشر)
providers-available-models = النماذج المتاحة
providers-pick-model = اختر نموذجًا…
providers-default = افتراضي
providers-temperature = درجة الحرارة
providers-max-tokens = الحد الأقصى للرموز
providers-top-p = Top-p
providers-context-window = نافذة السياق (بالرموز)
providers-context-window-hint =
    { $tokens ->
        [zero] فارغ: { $tokens } رمز، وهي القيمة الافتراضية لهذا النموذج. تُضغط المحادثات الطويلة قبل أن تملأها.
        [one] فارغ: رمز واحد، وهي القيمة الافتراضية لهذا النموذج. تُضغط المحادثات الطويلة قبل أن تملأها.
        [two] فارغ: رمزان، وهي القيمة الافتراضية لهذا النموذج. تُضغط المحادثات الطويلة قبل أن تملأها.
        [few] فارغ: { $tokens } رموز، وهي القيمة الافتراضية لهذا النموذج. تُضغط المحادثات الطويلة قبل أن تملأها.
        [many] فارغ: { $tokens } رمزًا، وهي القيمة الافتراضية لهذا النموذج. تُضغط المحادثات الطويلة قبل أن تملأها.
       *[other] فارغ: { $tokens } رمز، وهي القيمة الافتراضية لهذا النموذج. تُضغط المحادثات الطويلة قبل أن تملأها.
    }
providers-number-out-of-range = يجب أن تكون قيمة { $label } رقمًا من ٠ إلى { $max }، أو أن تُترك فارغة لاستخدام القيمة الافتراضية.
providers-number-not-count = يجب أن تكون قيمة { $label } عددًا صحيحًا أكبر من ٠، أو أن تُترك فارغة لاستخدام القيمة الافتراضية.
providers-number-context-window = نافذة السياق: { $problem }
providers-reads-besides-text = ما يقرؤه غير النص
providers-reads-as-known = حسب المعروف
providers-reads-everything = الصور وملفات PDF والصوت
providers-reads-images-pdfs = الصور وملفات PDF
providers-reads-images = الصور
providers-reads-pdfs = ملفات PDF
providers-reads-images-audio = الصور والصوت
providers-reads-audio = الصوت
providers-reads-text-only = النص فقط
providers-this-model = هذا النموذج
providers-model-reads = يقرأ { $model } { $reads }، { $reason }.
providers-model-picker-title = النموذج الذي يرد، للوكلاء الذين ليس لهم نموذج خاص (نموذج الوكيل الخاص: في «الوكلاء»)
providers-no-model-set = لم يُحدَّد نموذج
providers-test-fix-extra-json = أصلح JSON الإضافي أولًا: { $error }
providers-test-no-model = حدّد النموذج أولًا: ليس لدى هذا المزوّد قائمة نماذج، لذا يطلب الاختبار من النموذج ردًّا من كلمة واحدة.
providers-test-stopped = أُوقف الاختبار.
providers-test-answered = متصل: ردّ النموذج.
providers-test-no-models = متصل. لا يُدرج المزوّد أي نماذج؛ اكتب معرّف النموذج.
providers-test-models-available =
    { $n ->
        [zero] متصل. { $n } نموذج متاح.
        [one] متصل. نموذج واحد متاح.
        [two] متصل. نموذجان متاحان.
        [few] متصل. { $n } نماذج متاحة.
        [many] متصل. { $n } نموذجًا متاحًا.
       *[other] متصل. { $n } نموذج متاح.
    }
providers-test-model-list-unreadable = متصل، لكن تعذّرت قراءة قائمة النماذج: { $error }
providers-saving = جارٍ الحفظ…
providers-not-saved = لم يُحفَظ: { $problem }
providers-storage-not-open = مساحة التخزين غير مفتوحة.
providers-lock-wrong-passphrase = عبارة المرور هذه غير صحيحة. لم يتغيّر شيء؛ حاول مجددًا.
providers-lock-enter-passphrase = أدخل عبارة مرور.
providers-lock-passphrase-too-short =
    { $min ->
        [zero] استخدم عبارة مرور من { $min } حرف على الأقل. لم يتغيّر شيء.
        [one] استخدم عبارة مرور من حرف واحد على الأقل. لم يتغيّر شيء.
        [two] استخدم عبارة مرور من حرفين على الأقل. لم يتغيّر شيء.
        [few] استخدم عبارة مرور من { $min } أحرف على الأقل. لم يتغيّر شيء.
        [many] استخدم عبارة مرور من { $min } حرفًا على الأقل. لم يتغيّر شيء.
       *[other] استخدم عبارة مرور من { $min } حرف على الأقل. لم يتغيّر شيء.
    }
providers-lock-unlock-first = افتح قفل مفاتيح API أولًا.
providers-lock-damaged = لا يمكن فتح قفل المفاتيح: { $error }. استخدم «هل نسيت عبارة المرور؟» لإزالته.
providers-lock-server-unopened = قيم الترويسات وتسجيل الدخول لخادم MCP «{ $name }» لا تُفتح بعبارة المرور هذه. لم يتغيّر شيء.
providers-lock-crypto-failed = { $error } لم يتغيّر شيء.
providers-lock-storage-failed = لم يتغيّر شيء: { $error }
providers-forget-question = هل تريد إزالة مفاتيح API المقفلة وقفل عبارة المرور؟ سيُحذف من هذا المتصفح مفتاح API لكل مزوّد، وقيم الترويسات وسر العميل وتسجيل الدخول لكل خادم MCP: ستُدخلها مجددًا في «المزوّدون» و«الأدوات». تبقى المحادثات والوكلاء والأدوات وبقية إعدادات المزوّدين.
providers-unlock-hint = مفاتيح API مقفلة بعبارة مرور. أدخلها لاستخدام المفاتيح ما دام Hearth مفتوحًا.
providers-passphrase = عبارة المرور
providers-unlocking = جارٍ فتح القفل…
providers-unlock = فتح القفل
providers-not-now = ليس الآن
providers-forgot-passphrase = هل نسيت عبارة المرور؟
providers-lock-passphrases-differ = عبارتا المرور مختلفتان. اكتب عبارة المرور نفسها مرتين.
providers-lock-working = جارٍ العمل…
providers-lock-removed = أُزيل القفل. مفاتيح API مخزَّنة دون تشفير.
providers-lock-passphrase-changed = تم تغيير عبارة المرور.
providers-lock-set = قُفلت مفاتيح API بعبارة مرورك.
providers-lock-forgotten = أُزيلت مفاتيح API المقفلة (وأسرار خوادم MCP) والقفل.
providers-lock-state-off = مفاتيح API مخزَّنة دون تشفير في هذا المتصفح.
providers-lock-state-locked = مفاتيح API مقفلة بعبارة مرور، وهي مقفلة الآن.
providers-lock-state-unlocked = مفاتيح API مقفلة بعبارة مرور، ومفتوحة ما دامت علامة تبويب Hearth مفتوحة.
providers-lock-state-damaged = لا يمكن فتح قفل المفاتيح. استخدم «هل نسيت عبارة المرور؟» لإزالته.
providers-lock-heading = قفل مفاتيح API
providers-lock-hint = تشفّر عبارة المرور مفاتيح API المخزَّنة (AES-GCM، PBKDF2-SHA-256، ٦٠٠٬٠٠٠ تكرار). وهي تحميها أثناء التخزين: في ملف تعريف متصفح منسوخ أو على حاسوب مشترك. ولا تحميها من شيفرة تعمل في هذه الصفحة، ولا ما دامت علامة تبويب Hearth مفتوحة القفل. يُحفَظ المفتاح المفتوح في ذاكرة علامات تبويب Hearth المفتوحة فقط: ويطلبه Hearth مجددًا حين لا تبقى أي منها مفتوحة.
providers-lock-with-passphrase = قفل مفاتيح API بعبارة مرور
providers-change-passphrase = تغيير عبارة المرور
providers-remove-lock = إزالة القفل
providers-unlock-keys = فتح قفل مفاتيح API
providers-current-passphrase = عبارة المرور الحالية
providers-new-passphrase = عبارة المرور الجديدة
providers-confirm-passphrase = تأكيد عبارة المرور
providers-lock-keys = قفل مفاتيح API
offline-connection = الاتصال
offline-badge = غير متصل
offline-back-online = عاد الاتصال
offline-description = تعمل محادثاتك والبحث والأدوات التي لا تحتاج إلى شبكة دون اتصال؛ أما الإرسال فيحتاج إلى اتصال ما لم يكن المزوّد يعمل على هذا الحاسوب.
offline-storage-closed = أُغلقت مساحة تخزين Hearth
offline-out-of-date = علامة التبويب هذه قديمة
offline-storage-closed-text = أغلق المتصفح مساحة تخزين Hearth (ربما مُسحت بياناتها)، لذا لم يعد بإمكان علامة التبويب هذه حفظ أي شيء. يبقى ما تراه هنا حتى تعيد التحميل.
offline-out-of-date-text = حُدِّث Hearth في علامة تبويب أخرى، وتولّى الإصدار الجديد مساحة تخزينه. لم تعد علامة التبويب هذه تحفظ أي شيء، كي لا يكتب إصداران في الوقت نفسه. يبقى ما تراه هنا حتى تعيد التحميل.
offline-reload-hearth = إعادة تحميل Hearth
offline-keep-reading = متابعة القراءة دون حفظ
offline-dismiss = إخفاء
offline-storage-upgrading = يجري تحديث مساحة تخزين Hearth لهذا الإصدار. مع محادثات كثيرة يستغرق ذلك بضع ثوانٍ، مرة واحدة.
offline-reload-waits-for-reply = سيُعاد التحميل بعد انتهاء الرد…
offline-reload-waits-for-other-tab = سيُعاد التحميل بعد انتهاء الرد في علامة تبويب أخرى…
offline-reload-waits-for-message = لم تُرسَل رسالتك بعد: أرسلها أو امسحها فيُعاد تحميل Hearth، أو تجاهلها وأعد التحميل الآن.
offline-reload-waits-for-editor = توجد تغييرات غير محفوظة في { $editor }: احفظها أو ألغها فيُعاد تحميل Hearth، أو تجاهلها وأعد التحميل الآن.
offline-reloading = جارٍ إعادة التحميل…
offline-new-version-ready = إصدار جديد من Hearth جاهز.
offline-updated-elsewhere = حُدِّث Hearth في علامة تبويب أخرى.
offline-updates-region = تحديثات Hearth
offline-reload-new-version = إعادة التحميل لاستخدام الإصدار الجديد
offline-discard-and-reload = التجاهل وإعادة التحميل
offline-cancel-reload = إلغاء إعادة التحميل
offline-later = لاحقًا

## agents

agents-intro = الوكيل مساعد له تعليماته ونموذجه وأدواته الخاصة. تبدأ المحادثات الجديدة بآخر وكيل تحدّثت معه.
agents-list-label = وكلاؤك
agents-new-agent = وكيل جديد
agents-picker-title = وكيل هذه المحادثة
agents-picker-label = الوكيل:
agents-picker-wait = تبديل الوكيل ينتظر حتى ينتهي الرد
agents-switched-to = تم التبديل إلى { $name }
agents-default-model = النموذج الافتراضي
agents-default-model-removed = النموذج الافتراضي (أُزيل حسابه)
agents-chat = محادثة
agents-kind-app = تطبيق (بلا أدوات)
agents-reset = إعادة التعيين
agents-duplicate = تكرار
agents-reset-agent = إعادة { $name } إلى الإعدادات الافتراضية
agents-delete-agent = حذف { $name }
agents-chat-with-agent = التحدث مع { $name }
agents-edit-agent = تعديل { $name }
agents-duplicate-agent = تكرار { $name }
agents-made-copy = أُنشئ { $name }.
agents-delete-confirm = هل تريد حذف الوكيل «{ $name }»؟ تحتفظ المحادثات التي استخدمته باسمه على ردودها وتتابع مع «المساعد العام».
agents-deleted = حُذف { $name }.
agents-reset-confirm = هل تريد إعادة { $name } إلى إعداداته الافتراضية؟ يعود موجّهه ونموذجه وأدواته إلى ما كانت عليه في البداية.
agents-reset-done = عاد { $name } إلى إعداداته الافتراضية.
agents-general-name = المساعد العام
agents-app-builder-name = منشئ التطبيقات
agents-app-builder-description = ينشئ تطبيقات ويب صغيرة تعمل في معاينة بجانب المحادثة.
agents-editor-name = محرّر الوكيل
agents-short-description = وصف قصير
agents-system-prompt-template = قالب موجّه النظام
agents-template-hint = العناصر النائبة: { $placeholders }، وأقسامك بأسمائها. { $open } و{ $close } أقواس حرفية.
agents-unknown-placeholder = عنصر نائب غير معروف { $placeholder } — يُرسَل كما كُتب
agents-save-agent = حفظ الوكيل
agents-reset-to-default = إعادة التعيين إلى الافتراضي
agents-kind-chat-hint = محادثة: يمكنه استدعاء الأدوات
agents-kind-app-hint = تطبيق: لا يحصل على أدوات
agents-removed-account = حساب محذوف (يرد النموذج الافتراضي)
agents-beyond-text = ما وراء النص
agents-web-search = البحث في الويب افتراضيًا (بحث المزوّد الخاص، مع المصادر)
agents-search-sites = هذه المواقع فقط (البحث)
agents-effort-default = الافتراضي لدى المزوّد
agents-effort-low = منخفض
agents-effort-medium = متوسط
agents-effort-high = مرتفع
agents-make-images = إنشاء الصور (يمكن للنموذج الرد بصور)
agents-app-no-tools = لا يحصل وكيل التطبيق على أدوات: لا تُعرض أي أداة على نموذجه.
agents-tool-rounds = الحد الأقصى لجولات الأدوات في كل رد
agents-voice = الصوت
agents-auto-read = قراءة الردود بصوت عالٍ عند اكتمالها
agents-its-voice = صوته
agents-voice-placeholder = كما في الإعدادات ← الصوت (صوت مزوّد مثل alloy، أو اسم صوت من أصوات المتصفح)
agents-problem-no-name = أعطِ الوكيل اسمًا.
agents-problem-section-names = أصلح أسماء الأقسام المحدَّدة أعلاه.
agents-problem-rounds = أدخل عددًا صحيحًا لجولات الأدوات من ١ إلى ١٠٠.
agents-conflict-deleted = عُدِّل هذا الوكيل في مكان آخر منذ أن فتحته: لقد حُذف. احفظ نسختك للإبقاء عليه، أو تجاهلها.
agents-conflict-changed = عُدِّل هذا الوكيل في مكان آخر منذ أن فتحته. احفظ نسختك فوقه، أو تجاهل نسختك.
agents-save-mine-anyway = حفظ نسختي على أي حال
agents-discard-mine = تجاهل نسختي
agents-your-sections = أقسامك
agents-sections-hint = يملأ كل قسم العنصر النائب الذي يحمل اسمه: اكتب { $placeholder } في القالب حيث يوضع نصه. وإذا أُحيط القسم بـ{ $tags } وتُرك فارغًا، يُحذف مع وسومه.
agents-unnamed = (بلا اسم)
agents-section-legend = القسم { $name }
agents-section-name = اسم القسم
agents-section-text = نص القسم
agents-remove-section = إزالة القسم
agents-remove-section-named = إزالة القسم { $name }
agents-add-section = إضافة قسم
agents-preview = المعاينة
agents-preview-intro = موجّه النظام بقيم اليوم، كما سيُرسله الطلب التالي:
agents-preview-size =
    { $chars ->
        [zero] { $chars } حرف
        [one] حرف واحد
        [two] حرفان
        [few] { $chars } أحرف
        [many] { $chars } حرفًا
       *[other] { $chars } حرف
    } · نحو { $tokens ->
        [zero] { $tokens } رمز
        [one] رمز واحد
        [two] رمزين
        [few] { $tokens } رموز
        [many] { $tokens } رمزًا
       *[other] { $tokens } رمز
    }
agents-no-system-message = لا تُرسَل أي رسالة نظام.
agents-unknown-placeholder-title = عنصر نائب غير معروف: يُرسَل كما كُتب
agents-builtin-tools = الأدوات المضمّنة
agents-your-tools = أدواتك
agents-no-user-tools = لا شيء بعد: تُنشئها في نافذة «الأدوات».
agents-imported-tool = مستوردة: اسمح بها في نافذة «الأدوات» بعد مراجعة شيفرتها، قبل أن يتمكن أي وكيل من استدعائها.
agents-ask-before-running = السؤال قبل التشغيل
agents-ask-before-running-tool = السؤال قبل تشغيل { $tool }
agents-mcp-server-tools = أدوات خادم MCP { $server }
agents-mcp-server-off = لا تُعرض أدواته: الخادم متوقف في نافذة «الأدوات».
agents-mcp-no-tools = لم تُدرج أي أدوات بعد: استخدم «فحص» في نافذة «الأدوات».
agents-mcp-tools-cost =
    { $count ->
        [zero] { $count } أداة مختارة: نحو { $tokens } من الرموز في كل طلب.
        [one] أداة واحدة مختارة: نحو { $tokens } من الرموز في كل طلب.
        [two] أداتان مختارتان: نحو { $tokens } من الرموز في كل طلب.
        [few] { $count } أدوات مختارة: نحو { $tokens } من الرموز في كل طلب.
        [many] { $count } أداةً مختارة: نحو { $tokens } من الرموز في كل طلب.
       *[other] { $count } أداة مختارة: نحو { $tokens } من الرموز في كل طلب.
    }
agents-mcp-tools-cost-heavy =
    { $count ->
        [zero] { $count } أداة مختارة: نحو { $tokens } من الرموز في كل طلب، أي أكثر من عُشر نافذة سياق النموذج ({ $window } من الرموز). اختر عددًا أقل لترك مساحة للمحادثة.
        [one] أداة واحدة مختارة: نحو { $tokens } من الرموز في كل طلب، أي أكثر من عُشر نافذة سياق النموذج ({ $window } من الرموز). اختر عددًا أقل لترك مساحة للمحادثة.
        [two] أداتان مختارتان: نحو { $tokens } من الرموز في كل طلب، أي أكثر من عُشر نافذة سياق النموذج ({ $window } من الرموز). اختر عددًا أقل لترك مساحة للمحادثة.
        [few] { $count } أدوات مختارة: نحو { $tokens } من الرموز في كل طلب، أي أكثر من عُشر نافذة سياق النموذج ({ $window } من الرموز). اختر عددًا أقل لترك مساحة للمحادثة.
        [many] { $count } أداةً مختارة: نحو { $tokens } من الرموز في كل طلب، أي أكثر من عُشر نافذة سياق النموذج ({ $window } من الرموز). اختر عددًا أقل لترك مساحة للمحادثة.
       *[other] { $count } أداة مختارة: نحو { $tokens } من الرموز في كل طلب، أي أكثر من عُشر نافذة سياق النموذج ({ $window } من الرموز). اختر عددًا أقل لترك مساحة للمحادثة.
    }
shortcuts-heading = اختصارات لوحة المفاتيح
shortcuts-hint = على أجهزة Mac، المفتاح Alt هو مفتاح Option. تعمل المفاتيح في مربع الرسالة أيضًا، باستثناء ? (اكتبه خارج حقول النص).
shortcuts-action = الإجراء
shortcuts-keys = المفاتيح
shortcuts-question-mark = افتح هذه القائمة بـ ? (مفتاح واحد؛ ويعمل Ctrl+/ دائمًا)
shortcuts-focus-composer = التركيز على مربع الرسالة
shortcuts-stop = إيقاف الرد
shortcuts-regenerate = إعادة توليد الرد الأخير
shortcuts-copy-last = نسخ الرد الأخير
shortcuts-toggle-sidebar = إظهار المحادثات أو إخفاؤها
shortcuts-open-settings = فتح الإعدادات
shortcuts-dictate = الإملاء، أو إيقافه
shortcuts-show-help = إظهار هذه الاختصارات
shortcuts-help-keys = ? أو Ctrl+/
shortcuts-send = إرسال الرسالة
shortcuts-new-line = بدء سطر جديد
shortcuts-attach-file = إرفاق ملف مشروع (في مربع الرسالة)
shortcuts-no-reply = لا يُكتب أي رد حاليًا
shortcuts-wait-reply = انتظر حتى ينتهي الرد
shortcuts-nothing-to-regenerate = لا يوجد رد لإعادة توليده
shortcuts-copied = تم نسخ الرد الأخير
shortcuts-copy-denied = لم يسمح المتصفح بالنسخ
shortcuts-nothing-to-copy = لا يوجد رد لنسخه بعد

## tools

tools-project-files-added =
    { $n ->
        [zero] أُضيف { $n } ملف.
        [one] أُضيف ملف واحد.
        [two] أُضيف ملفان.
        [few] أُضيفت { $n } ملفات.
        [many] أُضيف { $n } ملفًا.
       *[other] أُضيف { $n } ملف.
    }
tools-project-files-hint = ملفات نصية يمكن لأداة «قراءة ملف مشروع» قراءتها. تبقى في هذا المتصفح.
tools-project-file-characters =
    { $count ->
        [zero] { $count } حرف
        [one] حرف واحد
        [two] حرفان
        [few] { $count } أحرف
        [many] { $count } حرفًا
       *[other] { $count } حرف
    }
tools-project-file-remove = إزالة { $name }
tools-remove = إزالة
tools-add-project-files = إضافة ملفات مشروع (.md، .txt)
tools-save-failed = تعذّر حفظ الأداة: { $error }
tools-file-not-text = لم يُضَف { $name }: ملفات .md و.txt فقط (و.markdown أيضًا) يمكن أن تكون ملفات مشروع.
tools-file-too-long =
    { $limit ->
        [zero] لم يُضَف { $name }: يتجاوز الحد البالغ { $limit } حرف.
        [one] لم يُضَف { $name }: يتجاوز الحد البالغ حرفًا واحدًا.
        [two] لم يُضَف { $name }: يتجاوز الحد البالغ حرفين.
        [few] لم يُضَف { $name }: يتجاوز الحد البالغ { $limit } أحرف.
        [many] لم يُضَف { $name }: يتجاوز الحد البالغ { $limit } حرفًا.
       *[other] لم يُضَف { $name }: يتجاوز الحد البالغ { $limit } حرف.
    }
tools-file-binary = لم يُضَف { $name }: ليس ملفًا نصيًا (يحتوي على بايتات ليست نص UTF-8).
tools-file-exists = يوجد بالفعل ملف مشروع باسم { $name } بمحتوى مختلف. أعد تسمية الملف، أو أزل ملف المشروع من «الأدوات» أولًا.
tools-file-unreadable = لم يُضَف { $name }: تعذّر على المتصفح قراءته.
tools-switched-off = استدعى النموذج { $tool }، وهي أداة متوقفة لدى { $agent }، لذا لم تُشغَّل.
tools-switched-on = { $tool } مفعّلة الآن لدى { $agent }. أعد توليد الرد أو أرسل من جديد لاستخدامها.
tools-waiting-for-your-approval = في انتظار موافقتك
tools-running = جارٍ تشغيل { $tool }…
tools-thinking = يفكّر…
tools-used =
    { $n ->
        [zero] استُخدمت { $n } أداة
        [one] استُخدمت أداة واحدة
        [two] استُخدمت أداتان
        [few] استُخدمت { $n } أدوات
        [many] استُخدمت { $n } أداةً
       *[other] استُخدمت { $n } أداة
    }
tools-switch-on = تفعيل { $tool } لهذا الوكيل
tools-tool-calls = استدعاءات الأدوات
tools-no-tool-used = لم تُستخدم أي أداة بعد.
tools-link-read = قراءة { $name }
tools-link-reading = جارٍ قراءة { $uri }…
tools-link-attached = أُرفق { $uri } برسالتك التالية.
tools-link-unreadable = تعذّرت قراءة { $uri }: { $error }
tools-link-read-title = قراءته من خادمه وإرفاق نصه برسالتك التالية
tools-links-heading = الموارد التي يشير إليها
tools-approval-question-mcp = يريد المساعد تشغيل { $tool } من خادم MCP { $server } بهذه الوسائط:
tools-approval-question-fetch = يريد المساعد تشغيل { $tool } لجلب عنوان URL هذا:
tools-approval-question = يريد المساعد تشغيل { $tool } بهذه الوسائط:
tools-approval-always-allow = السماح دائمًا بـ{ $tool } لهذا الوكيل
tools-approval-label = الموافقة على استدعاء { $tool }
tools-allow = سماح
tools-deny = رفض
tools-waiting-for-your-answer = بانتظار إجابتك
tools-ask-heading = يسألك خادم MCP ‏{ $server }
tools-ask-send = إرسال الإجابة
tools-ask-decline = رفض
tools-ask-fix = بعض الإجابات تحتاج إلى تعديل قبل إرسالها.
tools-ask-none = (لا شيء)
tools-ask-site = الموقع
tools-ask-whole-address = العنوان الكامل
tools-ask-open = فتح { $host }
tools-ask-punycode = هذا العنوان مكتوب بترميز Punycode: قد يقلّد موقعًا تعرفه. تحقّق منه جيدًا قبل فتحه.
tools-ask-required = هذا الحقل مطلوب.
tools-ask-too-short = اكتب { $n } أحرف على الأقل.
tools-ask-too-long = اكتب { $n } أحرف على الأكثر.
tools-ask-pattern = هذا ليس بالشكل الذي يطلبه الخادم.
tools-ask-email = اكتب عنوان بريد إلكتروني، مثل name@example.com.
tools-ask-uri = اكتب عنوانًا كاملًا، مثل https://example.com.
tools-ask-date = اكتب تاريخًا، مثل 2026-01-31.
tools-ask-date-time = اكتب تاريخًا ووقتًا، مثل 2026-01-31T09:30:00Z.
tools-ask-number = اكتب رقمًا.
tools-ask-whole = اكتب عددًا صحيحًا.
tools-ask-below = اكتب { $n } أو أكثر.
tools-ask-above = اكتب { $n } أو أقل.
tools-ask-option = اختر أحد الخيارات.
tools-ask-too-few = اختر { $n } على الأقل.
tools-ask-too-many = اختر { $n } على الأكثر.
tools-tool-deleted = حُذفت هذه الأداة.
tools-editor-name = محرّر الأداة
tools-saved-not-offered = حُفظت، لكنها لن تُعرض على النموذج حتى تُصلَح: { $error }
tools-editor = محرّر الأداة
tools-description = الوصف
tools-description-placeholder = يعدّ كلمات نص ما.
tools-parameters = المعاملات (JSON Schema)
tools-javascript = JavaScript (متن دالة async تأخذ args)
tools-uses-network = تستخدم الشبكة
tools-uses-network-hint = يتيح للشيفرة الجلب من الإنترنت. عندها تطلب استدعاءاتها الإذن قبل التشغيل، ما لم تسمح بها. ومن دونه تكون الشبكة مغلقة أمام الشيفرة.
tools-save-tool = حفظ الأداة
tools-delete-tool = حذف الأداة
tools-intro = أدواتك الخاصة، وملفات المشروع التي تقرؤها أداة قراءة الملفات، مشتركة بين جميع الوكلاء. تعمل الأدوات في هذا المتصفح؛ وتعمل JavaScript في بيئة معزولة دون وصول إلى بيانات Hearth. أما الأدوات التي يمكن للوكيل استدعاؤها، وأيها يطلب الإذن قبل التشغيل، فيُضبط في الوكيل.
tools-open-agents = فتح «الوكلاء»
tools-none-yet = لا شيء بعد. الأداة اسم ووصف ومخطط JSON لوسائطها وشيفرة JavaScript تتلقاها باسم args.
tools-allow-imported = السماح بالأداة المستوردة { $tool }
tools-edit-tool = تعديل { $tool }
tools-imported-note = مستوردة: لن تُعرض على النموذج حتى تراجع شيفرتها (تعديل) وتسمح بها.
tools-new-tool = أداة جديدة
tools-status-waiting = في انتظار الموافقة
tools-status-running = قيد التشغيل…
tools-status-not-run = لم تُشغَّل
tools-error = خطأ
tools-status-done = تم
tools-call-progress = تقدّم { $tool }
tools-result = النتيجة
tools-call-copy = نسخ استدعاء { $tool }
tools-arguments = الوسائط
tools-call-duration-ms = { $ms } ملّي ثانية
tools-call-duration-seconds = { $seconds } ث
tools-media-image-not-shown = صورة من النوع { $mime }، غير معروضة.
tools-media-file-not-shown = ملف من النوع { $mime }، غير معروض.
tools-media-image-label = الصورة { $number } التي أعادتها { $tool }
tools-media-sound-label = الصوت { $number } الذي أعادته { $tool }
tools-media-image-gone = لم تعد الصورة مخزَّنة.
tools-media-sound-gone = لم يعد الصوت مخزَّنًا.
voice-asking-for-microphone = جارٍ طلب الوصول إلى الميكروفون…
voice-listening = جارٍ الاستماع (التعرّف المدمج في المتصفح). أوقف، أو توقف عن الكلام، لوضع الكلمات في مربع الرسالة.
voice-recording = جارٍ التسجيل. أوقف، أو توقف عن الكلام، لوضع الكلمات في مربع الرسالة.
voice-transcribing = جارٍ تحويل الكلام إلى نص…
voice-not-loaded-retry = تعذّر تحميل الصوت (هل انقطع الاتصال؟)؛ اضغط زر الميكروفون للمحاولة مجددًا.
voice-heard = المسموع: { $words }
voice-microphone-level = مستوى الميكروفون
voice-time-recorded = مدة التسجيل
voice-keep-as-note = الاحتفاظ كملاحظة صوتية
voice-try-again = إعادة المحاولة
voice-note-not-loaded = لا تفريغ نصي: تعذّر تحميل الصوت ({ $error }).
voice-not-loaded = تعذّر تحميل الصوت: { $error }
voice-talk-connecting = جارٍ الاتصال بـ{ $name }…
voice-talk-answering = { $name } يرد. تحدّث لمقاطعته.
voice-talk-hands-free = الحديث مع { $name }: تحدّث متى شئت.
voice-talk-hold = الحديث مع { $name }: اضغط مطوّلًا على «اضغط للتحدث» أثناء كلامك.
voice-talk-you = أنت: { $words }
voice-hands-free = دون استخدام اليدين
voice-hold-to-talk = اضغط للتحدث
voice-end-talk = إنهاء الحديث
voice-talk-microphone-gone = انقطع الميكروفون (فُصل، أو سُحب إذنه)؛ ما قيل محفوظ.
voice-talk-choose-model = اختر نموذجًا لهذه المحادثة أولًا: «تحدّث» يتحدث مع حسابه.
voice-talk-keys-locked = مفاتيح API مقفلة؛ افتح قفلها للتحدث.
voice-talk-unsupported-account = يعمل «تحدّث» مع حساب Gemini (عبر Live API) أو OpenAI (عبر Realtime API)؛ و{ $name } ليس أيًّا منهما. بدّل هذه المحادثة إلى أحد نماذجهما للتحدث.
voice-talk-gemini-refused = رفض هذا المتصفح الاتصال بـLive API من Gemini.
voice-talk-no-secret = لم يتضمن رد OpenAI سرّ جلسة؛ حاول مجددًا بعد قليل.
voice-talk-call-lost = انقطعت المكالمة مع OpenAI (الشبكة، أو أنهتها OpenAI)؛ ما قيل محفوظ.
voice-talk-call-refused = تعذّر على هذا المتصفح إجراء المكالمة ({ $error })؛ حاول مجددًا، أو تحدّث من متصفح آخر.
voice-talk-answer-unusable = رد OpenAI على المكالمة غير صالح للاستخدام ({ $error })؛ حاول مجددًا بعد قليل.
voice-talk-no-realtime = لا يوفر هذا الحساب Realtime API (كان رده: { $answer }). يعمل «تحدّث» مع OpenAI نفسها ومع Gemini.
voice-talk-call-refused-by-openai = رفضت OpenAI المكالمة: { $answer }
voice-stopped = أُوقف.
voice-no-answer-minute = لم يصل أي رد خلال دقيقة.
voice-no-answer-three-minutes = لم يصل أي رد خلال ثلاث دقائق.
voice-note-browser-recognition = لا تفريغ نصي: التعرّف المدمج في المتصفح لا يسمع إلا الميكروفون. لتفريغ الملاحظات الصوتية نصيًا، اختر حسابًا للإملاء في الإعدادات ← الصوت.
voice-note-no-account = لا تفريغ نصي: اختر حسابًا للإملاء في الإعدادات ← الصوت لتفريغ الملاحظات الصوتية نصيًا.
voice-note-no-transcript = لا تفريغ نصي: { $why }
voice-note-nothing-heard = لا تفريغ نصي: لم تُسمع فيها أي كلمات.
voice-note-stopped = لا تفريغ نصي: أُوقف.
voice-settings-unreadable = تعذّرت قراءة إعدادات الصوت: { $error }
voice-no-dictation-account = اختر من يحوّل كلامك إلى نص في الإعدادات ← الصوت؛ لم يُسجَّل شيء.
voice-no-reading-account = اختر الحساب الذي يقرأ بصوت عالٍ في الإعدادات ← الصوت.
voice-dictation-account-gone = لم يعد الحساب المختار للإملاء موجودًا؛ اختر حسابًا آخر في الإعدادات ← الصوت.
voice-reading-account-gone = لم يعد الحساب المختار للقراءة بصوت عالٍ موجودًا؛ اختر حسابًا آخر في الإعدادات ← الصوت.
voice-keys-locked-dictation = مفاتيح API مقفلة؛ افتح قفلها للإملاء.
voice-keys-locked-reading = مفاتيح API مقفلة؛ افتح قفلها للقراءة بصوت عالٍ.
voice-no-device-model = تعذّر على المتصفح الحصول على نموذج الكلام الخاص به للغة { $language } للتعرّف على الكلام على هذا الجهاز (ينزّله من الجهة المطوِّرة له في المرة الأولى). لم يُسجَّل شيء؛ اختر حسابًا في الإعدادات ← الصوت، أو حاول مجددًا وأنت متصل بالإنترنت.
voice-microphone-gone = انقطع الميكروفون؛ ما سُجِّل حتى تلك اللحظة موجود في مربع الرسالة.
voice-nothing-heard = لم يُسمع شيء في التسجيل.
voice-not-kept = تعذّر الاحتفاظ بالتسجيل كملاحظة صوتية (لم يتمكن هذا المتصفح من تخزينه).
voice-not-transcribed = تعذّر تحويل التسجيل إلى نص: { $why } التسجيل محفوظ: «إعادة المحاولة» ترسله مرة أخرى.
voice-cancelled = أُوقف قبل عودة الكلمات. التسجيل محفوظ: «إعادة المحاولة» ترسله مرة أخرى.
voice-nothing-to-read = لا يحتوي هذا الرد على ما يُقرأ بصوت عالٍ (شيفرة أو صيغ أو صور فقط).
voice-no-browser-voice = لا يملك هذا المتصفح أصواتًا خاصة به؛ اختر صوت المزوّد في الإعدادات ← الصوت.
voice-browser-would-not-speak = لم يستجب المتصفح للنطق.
voice-not-spoken = تعذّرت قراءة الرد بصوت عالٍ: { $why }
voice-getting-device-model = جارٍ الحصول على نموذج الكلام الخاص بالمتصفح للغة { $language }…

## mcp

mcp-servers = خوادم MCP
mcp-servers-hint = أدوات من خوادم تتحدث بروتوكول Model Context Protocol عبر HTTP. يتصل هذا المتصفح بها مباشرةً، لذا يجب أن يسمح الخادم بأصل هذه الصفحة (CORS). يعرض الوكيل أدواتها بمجرد اختيارها فيه، ويطلب كل استدعاء الإذن أولًا حتى تسمح به.
mcp-servers-none = لا شيء بعد.
mcp-status-sealed-elsewhere = قيم الترويسات المختومة وتسجيل الدخول الخاصة به لا تُفتح بعبارة المرور هذه. أزل الخادم وأضفه من جديد.
mcp-status-not-reached = لم يُتصل به منذ تحميل الصفحة. «فحص» يتصل به.
mcp-status-connecting = جارٍ الاتصال…
mcp-status-failed = فشل: { $error }
mcp-status-signing-in = جارٍ تسجيل الدخول: أكمله في النافذة التي فُتحت.
mcp-offer-tools-of = عرض أدوات { $server }
mcp-offer-its-tools = عرض أدواته
mcp-unlock-to-use = فتح القفل لاستخدام { $server }
mcp-check-server = فحص { $server }
mcp-check = فحص
mcp-sign-in-again-to = تسجيل الدخول مجددًا إلى { $server }
mcp-sign-in-to = تسجيل الدخول إلى { $server }
mcp-sign-in-again = تسجيل الدخول مجددًا
mcp-sign-in = تسجيل الدخول
mcp-sign-out-of = تسجيل الخروج من { $server }
mcp-sign-out = تسجيل الخروج
mcp-remove-server = إزالة { $server }
mcp-tool-count =
    { $count ->
        [zero] { $count } أداة
        [one] أداة واحدة
        [two] أداتان
        [few] { $count } أدوات
        [many] { $count } أداةً
       *[other] { $count } أداة
    }
mcp-tools-tokens =
    { $tokens ->
        [zero] تضيف كلها نحو { $tokens } رمز إلى كل طلب لوكيل يعرضها.
        [one] تضيف كلها نحو رمز واحد إلى كل طلب لوكيل يعرضها.
        [two] تضيف كلها نحو رمزين إلى كل طلب لوكيل يعرضها.
        [few] تضيف كلها نحو { $tokens } رموز إلى كل طلب لوكيل يعرضها.
        [many] تضيف كلها نحو { $tokens } رمزًا إلى كل طلب لوكيل يعرضها.
       *[other] تضيف كلها نحو { $tokens } رمز إلى كل طلب لوكيل يعرضها.
    }
mcp-copy-headers = نسخ الترويسات التي يحتاجها { $server }
mcp-doctor-advice = ما العمل بشأن { $server }
mcp-server-not-saved = تعذّر حفظ خادم MCP: { $error }
mcp-server-stored-sealed = قيمة الترويسة أو تسجيل الدخول الخاص به مخزَّن مختومًا فقط: افتح قفل مفاتيح API أولًا
mcp-enter-address = أدخل عنوان الخادم.
mcp-enter-http-address = أدخل عنوانًا يبدأ بـ http:// أو https://، مثل https://example.com/mcp.
mcp-header-value-locked = افتح قفل مفاتيح API أولًا: عند تفعيل قفل المفاتيح، لا تُخزَّن قيمة الترويسة إلا مختومة بها.
mcp-add-server-form = إضافة خادم MCP
mcp-server-url = عنوان URL للخادم
mcp-server-name-hint = الجزء الأول من أسماء أدواته. يُستخدم اسم مضيفه إذا تُرك فارغًا.
mcp-header-name = اسم الترويسة (اختياري)
mcp-header-value = قيمة الترويسة
mcp-header-value-hint = تُرسَل مع كل طلب إلى هذا الخادم فقط، مثل مفتاح المزوّد.
mcp-sign-in-client = عميل تسجيل الدخول (اختياري)
mcp-sign-in-client-hint = فقط للخادم الذي لا يسجّل تسجيلُ الدخول فيه Hearth تلقائيًا: معرّف العميل (وسرّه) الذي أعطاك إياه مالكه.
mcp-oauth-client-id = معرّف عميل OAuth
mcp-oauth-client-secret = سرّ عميل OAuth
mcp-oauth-client-secret-hint = يُرسَل فقط إلى خدمة تسجيل الدخول في الخادم، ولا يُضمَّن أبدًا في نسخة احتياطية.
mcp-add-server = إضافة الخادم
mcp-prompts-and-resources = الموجّهات والموارد
mcp-prompts-and-resources-title = موجّهات خوادم MCP ومواردها
mcp-picker-hint = يوضع الموجّه في مربع الرسالة، لتقرأه وتعدّله قبل إرساله. ويُرفق المورد برسالتك التالية، بنصه الحالي.
mcp-picker-no-server = لا يوجد خادم MCP مفعّل. أضف واحدًا في «الأدوات».
mcp-asking-server = جارٍ سؤال الخادم…
mcp-offers-nothing = لا يوفر أي موجّهات أو موارد.
mcp-prompts = الموجّهات
mcp-resources = الموارد
mcp-prompts-of = موجّهات { $server }
mcp-resources-of = موارد { $server }
mcp-getting-prompt = جارٍ جلب الموجّه { $prompt }…
mcp-prompt-parts-left-out =
    { $count ->
        [zero] يحتوي الموجّه { $prompt } أيضًا على { $count } صورة أو صوت أو ملف لا يمكن وضعها في رسالة؛ وقد استُبعدت.
        [one] يحتوي الموجّه { $prompt } أيضًا على صورة أو صوت أو ملف واحد لا يمكن وضعه في رسالة؛ وقد استُبعد.
        [two] يحتوي الموجّه { $prompt } أيضًا على عنصرين (صور أو أصوات أو ملفات) لا يمكن وضعهما في رسالة؛ وقد استُبعدا.
        [few] يحتوي الموجّه { $prompt } أيضًا على { $count } عناصر (صور أو أصوات أو ملفات) لا يمكن وضعها في رسالة؛ وقد استُبعدت.
        [many] يحتوي الموجّه { $prompt } أيضًا على { $count } عنصرًا (صورًا أو أصواتًا أو ملفات) لا يمكن وضعها في رسالة؛ وقد استُبعدت.
       *[other] يحتوي الموجّه { $prompt } أيضًا على { $count } عنصر (صور أو أصوات أو ملفات) لا يمكن وضعها في رسالة؛ وقد استُبعدت.
    }
mcp-reading-resource = جارٍ قراءة { $uri }…
mcp-resource-parts-left-out =
    { $count ->
        [zero] { $uri }: استُبعد { $count } جزء ثنائي منه (لا يُرفق إلا النص).
        [one] { $uri }: استُبعد جزؤه الثنائي الوحيد (لا يُرفق إلا النص).
        [two] { $uri }: استُبعد جزءان ثنائيان منه (لا يُرفق إلا النص).
        [few] { $uri }: استُبعدت { $count } أجزاء ثنائية منه (لا يُرفق إلا النص).
        [many] { $uri }: استُبعد { $count } جزءًا ثنائيًا منه (لا يُرفق إلا النص).
       *[other] { $uri }: استُبعد { $count } جزء ثنائي منه (لا يُرفق إلا النص).
    }
mcp-prompt-form = الموجّه { $prompt }
mcp-fill-in = املأ { $fields }.
mcp-insert = إدراج
mcp-back = رجوع
mcp-argument-required = { $argument } (مطلوب)
mcp-resource-form = المورد { $resource }
mcp-template-unusable = لا يمكن استخدام هذا القالب: { $error }.
mcp-template-address = العنوان:
mcp-attach = إرفاق
mcp-failure-unreachable = تعذّر الوصول إلى الخادم ({ $detail }). تحقّق من العنوان، ومن أن الخادم يعمل، ومن أنه يسمح بأصل هذه الصفحة (CORS).
mcp-failure-redirected = ردّ الخادم بإعادة توجيه، وHearth لا يتبعها (ترويساتك لا تُرسَل إلا إلى العنوان الذي حدّدته). استخدم العنوان الذي يعيد التوجيه إليه.
mcp-failure-more-access = يطلب الخادم وصولًا أكثر مما منحه تسجيل دخولك. سجّل الدخول مجددًا من «الأدوات»، «خوادم MCP».
mcp-failure-sign-in = يطلب الخادم أن تسجّل الدخول: استخدم «تسجيل الدخول» في «الأدوات»، «خوادم MCP».
mcp-failure-refused = رفض الخادم الوصول (HTTP 401/403). تحقّق من ترويساته (مفتاح API؟). { $body }
mcp-failure-status = ردّ الخادم بـ HTTP { $status }. { $body }
mcp-failure-rpc = ردّ الخادم بخطأ ({ $code }): { $message }
mcp-failure-not-mcp = رد الخادم ليس MCP: { $reason }.
mcp-failure-no-answer = أنهى الخادم رده دون نتيجة.
mcp-failure-stopped = أوقفه المستخدم.
mcp-code-not-loaded = تعذّر تحميل شيفرة MCP في Hearth ({ $why }).
mcp-failure-timed-out =
    { $seconds ->
        [zero] لم يُرسل الخادم شيئًا لمدة { $seconds } ثانية.
        [one] لم يُرسل الخادم شيئًا لمدة ثانية واحدة.
        [two] لم يُرسل الخادم شيئًا لمدة ثانيتين.
        [few] لم يُرسل الخادم شيئًا لمدة { $seconds } ثوانٍ.
        [many] لم يُرسل الخادم شيئًا لمدة { $seconds } ثانيةً.
       *[other] لم يُرسل الخادم شيئًا لمدة { $seconds } ثانية.
    }
mcp-failure-gone = أنهى الخادم الجلسة.
mcp-failure-prompt = لا يمكن استخدام الموجّه: { $error }.
mcp-failure-resource = لا يمكن إرفاق المورد: { $error }.
mcp-failure-removed = لم يعد خادم MCP موجودًا في «الأدوات».
mcp-failure-switched-off = خادم MCP متوقف في «الأدوات».
mcp-failure-locked = قيم الترويسات وتسجيل الدخول الخاصة به مختومة بعبارة مرور مفاتيح API: افتح قفل مفاتيح API لاستخدام هذا الخادم.
mcp-sign-in-failed = فشل تسجيل الدخول: { $error }.
mcp-sign-in-unreachable = فشل تسجيل الدخول: لم تستجب { $what } على { $url } لهذه الصفحة. ربما تكون متوقفة، أو لا تسمح لصفحات المتصفح (CORS)، وعندها لا يمكن لأي عميل متصفح تسجيل الدخول إليها: اطلب من مالكها السماح بهذا الأصل.
mcp-sign-in-no-metadata = فشل تسجيل الدخول: لا ينشر الخادم { $what }.
mcp-sign-in-locked = افتح قفل مفاتيح API أولًا: عند تفعيل قفل المفاتيح، لا يُخزَّن تسجيل الدخول إلا مختومًا بها.
mcp-what-registration-endpoint = نقطة نهاية التسجيل
mcp-what-token-endpoint = نقطة نهاية الرمز المميز
mcp-what-server-metadata = بيانات تعريف خادم التفويض
## An MCP App's view in a reply's tool widget (src/mcp/mcp_app.rs, mcp_app/, src/mcp/state/app_host.rs)
# The view's region name; $tool is the tool's name, $server the MCP server's
mcp-app-label = تطبيق { $tool } من { $server }
# Stands for the server's name when the server was removed from Hearth
mcp-app-server-removed = خادم أُزيل
# The accessible name of the view's frame
mcp-app-frame-title = تطبيق { $tool }
mcp-app-close = إغلاق التطبيق
mcp-app-show = إظهار التطبيق
mcp-app-show-again = إظهار التطبيق مجددًا
mcp-app-closed = التطبيق مغلق.
# $origins is a list of web origins, such as https://unpkg.com
mcp-app-reaches = قد يتصل هذا التطبيق بـ{ $origins } بعد إظهاره.
# $why says why, in the words of Hearth's core (English)
mcp-app-failed = لا يمكن إظهار التطبيق: { $why }
mcp-app-missing = صفحة التطبيق غير موجودة على هذا الجهاز.
# $server is the MCP server's name
mcp-app-fetch = جلبها من { $server }
mcp-app-missing-removed = صفحة التطبيق غير موجودة على هذا الجهاز، وقد أُزيل خادمه.
# A question: the view asks to call one of its server's tools
mcp-app-asks-to-run = يطلب التطبيق تشغيل { $tool } على { $server }
mcp-app-run = تشغيل
mcp-app-run-always = تشغيل، والسماح دائمًا بـ{ $tool } من هذا التطبيق من الآن فصاعدًا
mcp-app-dont-run = عدم التشغيل
mcp-app-asks-to-open = يطلب التطبيق فتح صفحة
# $host is the site's host name, such as example.com
mcp-app-open-link = فتح { $host }
mcp-app-dont-open = عدم الفتح
mcp-app-call-not-run = لم تُشغَّل الأداة { $tool }.
# $error is why, already a sentence
mcp-app-call-failed = فشلت الأداة { $tool }: { $error }
mcp-app-draft = وضع التطبيق رسالة في مربع الرسالة. أرسلها إن أردت.
mcp-app-draft-left-out =
    { $count ->
        [zero] وضع التطبيق رسالة في مربع الرسالة (واستُبعد منها { $count } جزء ليس نصًا). أرسلها إن أردت.
        [one] وضع التطبيق رسالة في مربع الرسالة (واستُبعد منها جزء واحد ليس نصًا). أرسلها إن أردت.
        [two] وضع التطبيق رسالة في مربع الرسالة (واستُبعد منها جزءان ليسا نصًا). أرسلها إن أردت.
        [few] وضع التطبيق رسالة في مربع الرسالة (واستُبعدت منها { $count } أجزاء ليست نصًا). أرسلها إن أردت.
        [many] وضع التطبيق رسالة في مربع الرسالة (واستُبعد منها { $count } جزءًا ليس نصًا). أرسلها إن أردت.
       *[other] وضع التطبيق رسالة في مربع الرسالة (واستُبعد منها { $count } جزء ليس نصًا). أرسلها إن أردت.
    }
mcp-app-flooded = أرسل التطبيق رسائل أكثر مما يقرؤه Hearth؛ وقد أُهمل الباقي.
mcp-app-unreadable = أرسل التطبيق رسالة لا يستطيع Hearth قراءتها؛ وقد أُهملت.
mcp-app-call-refused = طلب التطبيق استدعاء { $tool }، وهي ليست من الأدوات التي يسمح خادمه للتطبيقات باستدعائها؛ وقد رُفض الطلب.
mcp-app-link-refused = طلب التطبيق فتح { $url }، وهو ليس عنوان ويب؛ وقد رُفض الطلب.
mcp-app-empty-message = أرسل التطبيق رسالة بلا نص؛ وقد رُفضت.
# $method is a protocol method's name, such as ui/open-link
mcp-app-invalid = طلب التطبيق { $method } بمعاملات لا يقبلها؛ وقد رُفض الطلب.
mcp-app-not-sandboxed = لم يكن إطار التطبيق في بيئة معزولة، لذا لم يشغّل شيئًا.
mcp-app-restarted = استبدل التطبيق صفحته، لذا أُوقف. أظهره مجددًا لتشغيله من جديد.
mcp-app-newer = حُفظ هذا التطبيق بإصدار أحدث من Hearth، وهو الذي يعرضه.
apps-show-version = إظهار نسخة التطبيق { $version }
apps-preview-heading = معاينة التطبيق · النسخة { $version } من { $count }
apps-frame-title = معاينة التطبيق، النسخة { $version }
apps-tab-title = التطبيق، النسخة { $version }
apps-new-tab-failed = تعذّر فتح التطبيق في علامة تبويب جديدة: { $reason }.
apps-download-failed = تعذّر تنزيل التطبيق: { $reason }.
apps-reload-app = إعادة تحميل التطبيق
apps-reload = إعادة تحميل
apps-open-in-new-tab = فتح التطبيق في علامة تبويب جديدة
apps-new-tab = علامة تبويب جديدة
apps-download-app = تنزيل التطبيق
apps-download-app-title = تنزيل التطبيق كملف HTML
apps-block-network = حظر الشبكة
apps-allow-network = السماح بالشبكة
apps-block-network-for-app = حظر الشبكة لهذا التطبيق
apps-allow-network-for-app = السماح بالشبكة لهذا التطبيق
apps-close-preview = إغلاق المعاينة
apps-network-allowed = الشبكة مسموح بها لهذا التطبيق.
apps-runs-offline = يعمل دون اتصال في بيئة معزولة: بلا شبكة، وبلا وصول إلى بيانات Hearth.
apps-allow-network-confirm = هل تسمح لهذا التطبيق باستخدام الشبكة؟ سيتمكن عندها من تحميل ملفات من الإنترنت وإرسال ما تكتبه فيه إلى أي خادم. تبقى بيانات Hearth ومفاتيحه بعيدة عن متناوله. ينطبق هذا على كل نسخ التطبيق في هذه المحادثة.
apps-error-not-sent = لم يُرسَل الخطأ: انتظر حتى ينتهي الرد.
apps-error-reported = أبلغ التطبيق عن خطأ: { $error }
apps-show-preview = إظهار معاينة التطبيق
apps-did-not-run = لم يعمل التطبيق: { $reason }.
apps-cannot-run = لا يمكن تشغيل التطبيق: { $reason }.
apps-errors-heading = الأخطاء في التطبيق
apps-error-on-line = السطر { $line }: { $error }
apps-error-source = في:
apps-send-error = إرسال هذا الخطأ إلى الوكيل
store-no-storage-export = مساحة التخزين غير متاحة، لذا لا يوجد ما يُصدَّر.
store-no-storage-import = مساحة التخزين غير متاحة، لذا لا يمكن استيراد أي شيء.
store-no-storage = مساحة التخزين غير متاحة.
store-nothing-imported = لم يُستورد شيء: { $why }
store-import-bad-backup = لم يُستورد شيء: { $error }.
store-knowledge-failed = تعذّرت قراءة قواعد المعرفة أو كتابتها: { $error }.
store-knowledge-summary = قواعد المعرفة: { $bases }، مع { $files } ملفات (تُقرأ من جديد هنا؛ وما هو موجود هنا يبقى كما هو)
store-import-not-text = لم يُستورد شيء: الملف ليس نصًا ولا نسخة احتياطية ولا ملف .zip
store-import-unrecognised = لم يُستورد شيء: هذا الملف ليس نسخة احتياطية من Hearth ولا تصديرًا من ChatGPT. { $reason }
store-import-changed-meanwhile = لم يُستورد شيء: تغيّرت البيانات المخزَّنة أثناء فتح المراجعة (في علامة تبويب أخرى). استورد الملف مجددًا لترى ما سيغيّره الآن.
store-import-damaged-attachment = لم يُستورد شيء: صورة أو ملف PDF في الملف تالف (بايتاته لا تطابق بصمته).
store-too-large-for-zip = المحادثة أكبر من أن تُضغط في ملف zip
store-zip-no-conversations = لا يحتوي ملف .zip على conversations.json، لذا فهو ليس تصديرًا من ChatGPT
store-conversations-not-text = ملف conversations.json فيه ليس نصًا
store-cannot-unpack-zip = لا يستطيع هذا المتصفح فك ضغط ملفات .zip؛ فك ضغطه واختر conversations.json
store-entry-cut-short = { $file } مبتور
store-entry-too-large = { $file } أكبر من أن يُستورد
store-entry-longer-than-declared = { $file } تالف (يُفك ضغطه إلى أكثر مما يُعلنه)
store-entry-damaged = { $file } تالف
store-entry-checksum = { $file } تالف (مجموعه الاختباري غير مطابق)
store-entry-method = { $file } مضغوط بطريقة لا يستطيع Hearth فكها ({ $method })
store-exported =
    تم تصدير { $conversations ->
        [zero] { $conversations } محادثة
        [one] محادثة واحدة
        [two] محادثتين
        [few] { $conversations } محادثات
        [many] { $conversations } محادثة
       *[other] { $conversations } محادثة
    }، و{ $messages ->
        [zero] { $messages } رسالة
        [one] رسالة واحدة
        [two] رسالتين
        [few] { $messages } رسائل
        [many] { $messages } رسالة
       *[other] { $messages } رسالة
    }.
store-exported-with-attachments =
    تم تصدير { $conversations ->
        [zero] { $conversations } محادثة
        [one] محادثة واحدة
        [two] محادثتين
        [few] { $conversations } محادثات
        [many] { $conversations } محادثة
       *[other] { $conversations } محادثة
    }، و{ $messages ->
        [zero] { $messages } رسالة
        [one] رسالة واحدة
        [two] رسالتين
        [few] { $messages } رسائل
        [many] { $messages } رسالة
       *[other] { $messages } رسالة
    }، و{ $attachments ->
        [zero] { $attachments } مرفق
        [one] مرفق واحد
        [two] مرفقين
        [few] { $attachments } مرفقات
        [many] { $attachments } مرفقًا
       *[other] { $attachments } مرفق
    }.
store-import-backup-heading = هل تريد استيراد هذه النسخة الاحتياطية؟
store-import-chatgpt-heading = هل تريد استيراد محادثات ChatGPT هذه؟
store-chatgpt-changed = تغيّر أثناء الاستيراد: { $changes }.
store-chatgpt-skipped = لم يُستورد من ChatGPT: { $skipped }.

## settings

sync-heading = المزامنة
sync-intro = زامِن محادثاتك ووكلاءك وإعداداتك وقواعد معرفتك عبر الأجهزة من خلال خادم CouchDB خاص بك. لا تُزامَن مفاتيح API أبدًا. يشرح الدليل كيفية إعداد خادم.
sync-knowledge-held-hint = يُؤخذ من جديد عند بدء Hearth التالي.
sync-server-address = عنوان الخادم
sync-database = قاعدة البيانات
sync-user-name = اسم المستخدم
sync-password = كلمة المرور
sync-encrypt-check = التشفير من طرف إلى طرف بعبارة مرور للمزامنة
sync-passphrase = عبارة مرور المزامنة
sync-passphrase-hint = استخدم عبارة المرور نفسها على كل جهاز. عندها لا يخزّن الخادم إلا مستندات مشفّرة؛ ولا يمكن استرداد عبارة مرور مفقودة، وتبقى نسخة الخادم غير قابلة للقراءة.
sync-start = بدء المزامنة
sync-stop = إيقاف المزامنة
sync-check-server = فحص الخادم
sync-unlock-keys-first = افتح قفل مفاتيح API أولًا: قفل المفاتيح يختم كلمة مرور المزامنة أيضًا.
sync-enter-address-and-database = أدخل عنوان الخادم واسم قاعدة البيانات.
sync-address-scheme = يبدأ العنوان بـ https:// (أو http:// لخادم على هذا الجهاز).
sync-type-passphrase = اكتب عبارة مرور المزامنة: فهي تشفّر كل شيء قبل أن يغادر هذا الجهاز.
sync-off = المزامنة متوقفة.
sync-starting = جارٍ البدء…
sync-other-tab = علامة تبويب أخرى من Hearth تُجري المزامنة؛ وهذه تتبعها.
sync-syncing = جارٍ المزامنة…
sync-live = محدَّث؛ تُزامَن التغييرات على الجانبين فور حدوثها.
sync-retrying = { $why }. ستُعاد المحاولة في { $time }.
sync-last-synced = آخر مزامنة في { $time }.
sync-changes-waiting =
    { $n ->
        [zero] { $n } تغيير في انتظار الإرسال.
        [one] تغيير واحد في انتظار الإرسال.
        [two] تغييران في انتظار الإرسال.
        [few] { $n } تغييرات في انتظار الإرسال.
        [many] { $n } تغييرًا في انتظار الإرسال.
       *[other] { $n } تغيير في انتظار الإرسال.
    }
sync-finding-works = يعمل:
sync-finding-warning = تحذير:
sync-finding-problem = مشكلة:
sync-checking-server = جارٍ فحص الخادم…
sync-server-check-list = فحص الخادم
sync-check-code-not-loaded = لم تُحمَّل شيفرة الفحص ({ $error }).
sync-value-empty = (فارغ)
sync-shown-now = المعروض الآن:
sync-other-devices-value = قيمة الجهاز الآخر:
sync-keep-shown = الإبقاء على المعروض
sync-keep-other = الإبقاء على قيمة الجهاز الآخر
sync-conflicts-heading = تغيّر على جهازين
sync-conflicts-hint = غيّر الجهازان هذه القيم في الوقت نفسه. اختر ما تريد الإبقاء عليه؛ ويُتجاهل الآخر.
sync-conflicts-list = تعارضات يجب حلّها
sync-unreadable-heading = محفوظة دون قراءة
sync-unreadable-hint = لا يستطيع هذا الإصدار من Hearth قراءة هذه المستندات. تبقى كما هي على الخادم وعلى كل جهاز؛ ولا شيء هنا يحذفها أو يغيّرها.
sync-unreadable-list = مستندات لا يستطيع هذا الإصدار قراءتها
sync-refused-heading = لم تُزامَن
sync-refused-hint = رفضها الخادم. تبقى على هذا الجهاز؛ ويُزامَن كل ما عداها.
sync-refused-list = مستندات رفضها الخادم
sync-held-why = السبب: { $why }.
sync-held-what-now = ما العمل: { $hint }
sync-on-type-passphrase = المزامنة مفعّلة ومشفّرة من طرف إلى طرف: اكتب عبارة مرور المزامنة واضغط «بدء المزامنة».
sync-code-not-loaded = لم تُحمَّل شيفرة المزامنة ({ $error }).
sync-wrong-passphrase = عبارة مرور المزامنة هذه لا تفتح مستندات قاعدة البيانات هذه. اكتب عبارة المرور التي اخترتها على جهازك الأول (لا يمكن استرداد عبارة مرور مفقودة: تبقى نسخة الخادم غير قابلة للقراءة).
sync-encryption-check-damaged = تتعذّر قراءة فحص التشفير لقاعدة البيانات ({ $why }).
sync-bad-iv = متجه تهيئة (IV) غير صالح
sync-encryption-check-refused = رفض الخادم فحص التشفير (الحالة { $status })
sync-encryption-check-answered = ردّ الخادم بـ { $status } على فحص التشفير
sync-settings-unreadable = تتعذّر قراءة إعدادات المزامنة: أدخلها مجددًا.
sync-no-storage = مساحة التخزين غير متاحة في هذا المتصفح، لذا لا يوجد ما يُزامَن.
sync-unlock-keys-then-start = افتح قفل مفاتيح API، ثم اضغط «بدء المزامنة»: قفل المفاتيح يختم كلمة مرور المزامنة.
sync-type-passphrase-to-start = اكتب عبارة مرور المزامنة للبدء.
sync-storage-failed = فشلت مساحة التخزين على هذا الجهاز.
sync-storage-failed-why = فشلت مساحة التخزين على هذا الجهاز: { $why }
sync-database-encrypted = قاعدة البيانات هذه مشفّرة من طرف إلى طرف: فعّل التشفير واكتب عبارة مرور المزامنة الخاصة بها.
sync-offline = غير متصل، أو لم يردّ الخادم ({ $detail })
sync-redirected = ردّ الخادم بإعادة توجيه، وHearth لا يتبعها: استخدم العنوان الذي يعيد التوجيه إليه
sync-records-kept-changing = ظلت السجلات تتغيّر أثناء كتابة المزامنة لها
sync-refused-credentials = رفض الخادم اسم المستخدم أو كلمة المرور ({ $what }). تحقّق منهما في الإعدادات ← المزامنة.
sync-refused-access = لا يُسمح لهذا المستخدم باستخدام قاعدة البيانات تلك ({ $what }). اطلب من مسؤولها إضافته إلى أعضاء قاعدة البيانات.
sync-refused-access-reason = لا يُسمح لهذا المستخدم باستخدام قاعدة البيانات تلك ({ $what }: { $reason }). اطلب من مسؤولها إضافته إلى أعضاء قاعدة البيانات.
sync-refused-no-database = قاعدة البيانات غير موجودة ({ $what }). أنشئها على الخادم أولًا.
sync-server-answered = { $what }: ردّ الخادم بـ { $status } { $reason }
sync-answer-unreadable = تعذّرت قراءة رد الخادم ({ $error })
sync-changes-unreadable = تعذّرت قراءة تغييرات الخادم ({ $error })
sync-documents-unreadable = تعذّرت قراءة مستندات الخادم ({ $error })
sync-doing-opening-database = فتح قاعدة البيانات
sync-doing-reading-checkpoint = قراءة نقطة تحقق
sync-doing-writing-checkpoint = كتابة نقطة تحقق
sync-doing-comparing-revisions = مقارنة المراجعات
sync-doing-checking-encryption = التحقق مما إذا كانت قاعدة البيانات مشفّرة من طرف إلى طرف
sync-doing-sending-changes = إرسال التغييرات
sync-doing-reading-changes = قراءة التغييرات
sync-doing-fetching-changes = جلب التغييرات
sync-doing-fetching-attachments = جلب المرفقات
settings-reading-file = جارٍ قراءة الملف…
settings-review-import = راجِع الاستيراد.
settings-import-cancelled = أُلغي الاستيراد. لم يتغيّر شيء.
settings-import-progress = تقدّم الاستيراد
settings-import-reading = قراءة الملف: { $done } من { $total } سجلًا
settings-import-writing = الكتابة: { $done } من { $total } رسالة
settings-confirm-delete-all = هل تريد حذف كل المحادثات وقواعد المعرفة والإعدادات والمفاتيح في هذا المتصفح؟
settings-all-data-deleted = حُذفت كل البيانات.
settings-auto-title = إنشاء عناوين المحادثات بواسطة النموذج
settings-stall-timeout = التخلي عن الرد بعد هذا العدد من الثواني دون بيانات
settings-stall-timeout-invalid = أدخل عددًا صحيحًا من الثواني من ١ إلى ٣٦٠٠.
settings-backup-heading = النسخ الاحتياطي
settings-backup-hint = يبقى كل شيء في هذا المتصفح. ملف النسخة الاحتياطية يستعيده هنا أو في متصفح آخر.
settings-include-keys = تضمين مفاتيح API في النسخة الاحتياطية
settings-export-backup = تصدير نسخة احتياطية
settings-import-file = استيراد نسخة احتياطية أو تصدير من ChatGPT (.zip أو conversations.json)
settings-danger-zone = منطقة الخطر
settings-delete-all = حذف كل البيانات
settings-import-will = لم يتغيّر شيء بعد. سيقوم الاستيراد بما يلي:
settings-import-confirm = استيراد
settings-image-hosts = تحميل الصور تلقائيًا من هذه المضيفات
settings-image-hosts-none = لا شيء
settings-image-hosts-hint = افصل بين المضيفات بمسافات، مثل: upload.wikimedia.org. الصور من المضيفات الأخرى تنتظر «تحميل الصورة».
settings-not-a-host = ليس اسم مضيف: { $hosts }. لم يتغيّر شيء.
settings-long-conversations = المحادثات الطويلة
settings-long-conversations-hint = عندما تملأ المحادثة نافذة سياق نموذجها، تُلخَّص الأدوار الأقدم. تُرسَل الرسالة الأولى والأدوار الأخيرة كما هي؛ وتبقى كل رسالة مخزَّنة ومعروضة.
settings-compact-at = الضغط عند (٪ من نافذة السياق)
settings-keep-last-turns = الإبقاء على آخر N أدوار حرفيًا
settings-summarise-with = التلخيص بواسطة
settings-own-model = نموذج المحادثة
settings-storage = التخزين
settings-storage-counting = الصور وملفات PDF: جارٍ العد…
settings-storage-attachments =
    { $n ->
        [zero] الصور وملفات PDF: { $n } ملف، { $size }.
        [one] الصور وملفات PDF: ملف واحد، { $size }.
        [two] الصور وملفات PDF: ملفان، { $size }.
        [few] الصور وملفات PDF: { $n } ملفات، { $size }.
        [many] الصور وملفات PDF: { $n } ملفًا، { $size }.
       *[other] الصور وملفات PDF: { $n } ملف، { $size }.
    }
settings-storage-browser = هذا المتصفح: يستخدم Hearth { $used } من أصل { $quota } المسموح له بها ({ $share }٪).
settings-voice-hint = لا يسجّل الإملاء إلا أثناء الضغط على زر الميكروفون، ويرسل التسجيل إلى الحساب أو الخدمة المختارة هنا، ولا مكان سواها؛ ويحتفظ به المتصفح على هذا الجهاز هنا.
settings-dictation-with = تحويل الكلام إلى نص بواسطة
settings-dictation-off = لا أحد بعد (الإملاء متوقف)
settings-dictation-browser-service = خدمة الكلام في هذا المتصفح (يذهب صوتك إلى الجهة المطوِّرة للمتصفح، مثل Google)
settings-dictation-device = هذا المتصفح، على هذا الجهاز
settings-dictation-device-available = هذا المتصفح، على هذا الجهاز (يبقى صوتك هنا)
settings-dictation-device-downloadable = هذا المتصفح، على هذا الجهاز (يبقى صوتك هنا؛ ينزّل نموذج الكلام الخاص به أولًا)
settings-dictation-device-unavailable = هذا المتصفح، على هذا الجهاز (غير متاح لهذه اللغة)
settings-dictation-device-none = هذا المتصفح، على هذا الجهاز (هذا المتصفح لا يدعم ذلك)
settings-transcription-model = نموذج التفريغ النصي
settings-language-spoken = اللغة المنطوقة (مثل en أو de؛ فارغ: أي لغة)
settings-read-aloud-with = قراءة الردود بصوت عالٍ بواسطة
settings-read-aloud-browser = أصوات هذا المتصفح (على هذا الجهاز)
settings-read-aloud-account = واجهة API للكلام لدى حساب (يتلقى نص الرد)
settings-speech-account = حساب الكلام
settings-choose-account = اختر حسابًا
settings-speech-model = نموذج الكلام
settings-voice-name = الصوت (فارغ: الافتراضي)
settings-voice-browser-default = صوت المتصفح نفسه
settings-speed = السرعة
settings-voice-speed = { $speed }×
settings-talk-model = نموذج الحديث (فارغ: الافتراضي للعائلة)

composer-more-options = مزيد من الخيارات

tools-builtin-current-time = الوقت الحالي
tools-builtin-calculator = الآلة الحاسبة
tools-builtin-fetch-url = جلب عنوان URL
tools-builtin-search-conversations = البحث في محادثاتي
tools-builtin-read-project-file = قراءة ملف من المشروع
tools-builtin-run-javascript = تشغيل JavaScript
chat-compare-recipe-combine = الدمج في ردّ واحد
chat-compare-recipe-table = المقارنة في جدول
chat-compare-recipe-own = تعليماتي الخاصة
providers-inputs-from-user = كما هو مضبوط في المزوّدين
providers-inputs-from-model-list = حسب قائمة نماذج المزوّد
providers-inputs-from-refusal = رفضه المزوّد من قبل
providers-inputs-from-documentation = حسب توثيق المزوّد
language-held = لم تُعَد إعادة التحميل الآن: ما زال ردّ قيد الوصول أو هناك رسالة لم تُرسَل. ستُطبَّق اللغة في المرة القادمة التي يُفتح فيها Hearth، أو اضغط «تطبيق» مرة أخرى بعد انتهائها.

## Knowledge bases (the Knowledge dialog, an agent's bases, a reply's passages, the viewer)

knowledge-top = المعرفة
knowledge-hint = قواعد المعرفة هي ملفاتك، تُقرأ ويُبحث فيها داخل هذا المتصفح. يحصل الوكيل الذي لديه قاعدة معرفة على المقتطفات الأكثر مطابقةً لكل سؤال، مع مصادرها، ويمكنه البحث مجددًا. لا يُرسَل مع سؤالك سوى تلك المقتطفات؛ والقاعدة التي تستخدم التضمين ترسل مقتطفاتها أيضًا إلى نموذج التضمين الذي تختاره.
knowledge-none = لا توجد قاعدة معرفة بعد.
knowledge-new = قاعدة معرفة جديدة
knowledge-new-placeholder = الاسم، مثل: الدليل
knowledge-make = إنشاء
knowledge-add-files = إضافة ملفات
knowledge-add-folder = إضافة مجلد
knowledge-words-only = البحث بالكلمات فقط (دون تضمين)
knowledge-use = استخدام
knowledge-start-embedding = بدء التضمين
knowledge-carry-hint = تستخدمها الأجهزة الأخرى، والمتصفح الذي تُستعاد فيه نسخة احتياطية، بدلًا من تضمين الملفات من جديد.
knowledge-read-again = إعادة القراءة
knowledge-waiting = في انتظار القراءة
knowledge-failed = فشل
knowledge-binary = تم تخطيه: ليس نصًا، أيًّا كان ما يوحي به اسمه.
knowledge-empty = تم تخطيه: الملف فارغ.
knowledge-mention-base = { $name } (قاعدة معرفة)
knowledge-mention-file = { $name } (في { $base })
knowledge-not-arrived = بانتظار وصول بياناته من جهازك الآخر (المزامنة).
knowledge-encrypted = تم تخطيه: الملف مشفّر، لذا لا يمكن قراءة نصه.
knowledge-zip-bomb = مرفوض: يُفك ضغطه إلى أكثر بكثير مما يُعلنه (قنبلة zip؟).
knowledge-no-text = فشل: لم يُعثر فيه على أي نص (مستند ممسوح ضوئيًا؟).
knowledge-gone = لم يعد هذا الملف في قاعدة المعرفة الخاصة به؛ هذا ما أُعطي للرد:
knowledge-file-text = نص الملف
knowledge-cited = مستشهَد به
knowledge-agent-bases = قواعد المعرفة
knowledge-agent-none = لا توجد قاعدة معرفة بعد: أنشئ واحدة من «المعرفة».
knowledge-agent-budget = رموز المقتطفات المرسَلة مع كل سؤال
knowledge-problem = حدث خطأ في قواعد المعرفة: { $detail }
knowledge-removed-files =
    { $count ->
        [zero] أُزيل { $count } ملف
        [one] أُزيل { $name }
        [two] أُزيل ملفان
        [few] أُزيلت { $count } ملفات
        [many] أُزيل { $count } ملفًا
       *[other] أُزيل { $count } ملف
    }
knowledge-removed-base = أُزيل { $name }
knowledge-totals =
    { $files ->
        [zero] { $files } ملف
        [one] ملف واحد
        [two] ملفان
        [few] { $files } ملفات
        [many] { $files } ملفًا
       *[other] { $files } ملف
    } · { $size } · { $passages ->
        [zero] { $passages } مقتطف
        [one] مقتطف واحد
        [two] مقتطفان
        [few] { $passages } مقتطفات
        [many] { $passages } مقتطفًا
       *[other] { $passages } مقتطف
    }
knowledge-add-files-to = إضافة ملفات إلى { $name }
knowledge-add-folder-to = إضافة مجلد إلى { $name }
knowledge-remove-base = إزالة { $name }
knowledge-files-of = ملفات { $name }
knowledge-embed-account = تضمين { $name }
knowledge-embed-model = نموذج تضمين { $name }
knowledge-carry-vectors = نقل تضمينات { $name } في النسخ الاحتياطية والمزامنة
knowledge-cost-local = نحو { $tokens } من الرموز للتضمين، على هذا الجهاز: مجانًا.
knowledge-cost = نحو { $tokens } من الرموز للتضمين: نحو ${ $dollars } بالسعر المعلن.
knowledge-cost-unknown = نحو { $tokens } من الرموز للتضمين؛ لا يعرف Hearth سعر هذا النموذج.
knowledge-remove-file = إزالة { $name }
knowledge-retry-file = إعادة قراءة { $name }
knowledge-embedding =
    { $passages ->
        [zero] { $passages } مقتطف، قيد التضمين
        [one] مقتطف واحد، قيد التضمين
        [two] مقتطفان، قيد التضمين
        [few] { $passages } مقتطفات، قيد التضمين
        [many] { $passages } مقتطفًا، قيد التضمين
       *[other] { $passages } مقتطف، قيد التضمين
    }
knowledge-embedded =
    { $passages ->
        [zero] { $passages } مقتطف، اكتمل تضمينها
        [one] مقتطف واحد، اكتمل تضمينه
        [two] مقتطفان، اكتمل تضمينهما
        [few] { $passages } مقتطفات، اكتمل تضمينها
        [many] { $passages } مقتطفًا، اكتمل تضمينها
       *[other] { $passages } مقتطف، اكتمل تضمينها
    }
knowledge-embed-failed =
    { $passages ->
        [zero] { $passages } مقتطف؛ فشل التضمين ({ $error })، لذا يُبحث في الملف بالكلمات
        [one] مقتطف واحد؛ فشل التضمين ({ $error })، لذا يُبحث في الملف بالكلمات
        [two] مقتطفان؛ فشل التضمين ({ $error })، لذا يُبحث في الملف بالكلمات
        [few] { $passages } مقتطفات؛ فشل التضمين ({ $error })، لذا يُبحث في الملف بالكلمات
        [many] { $passages } مقتطفًا؛ فشل التضمين ({ $error })، لذا يُبحث في الملف بالكلمات
       *[other] { $passages } مقتطف؛ فشل التضمين ({ $error })، لذا يُبحث في الملف بالكلمات
    }
knowledge-indexed =
    { $passages ->
        [zero] { $passages } مقتطف
        [one] مقتطف واحد
        [two] مقتطفان
        [few] { $passages } مقتطفات
        [many] { $passages } مقتطفًا
       *[other] { $passages } مقتطف
    }
knowledge-too-large = تم تخطيه: حجمه { $size }، أي أكبر من { $limit }، وهو الحد الأقصى لحجم الملف.
knowledge-unsupported = تم تخطيه: لا يقرأ Hearth ملفات .{ $extension }.
knowledge-malformed = فشل: الملف تالف أو ليس ما يوحي به اسمه ({ $detail }).
knowledge-duplicate = تم تخطيه: الملف نفسه موجود هنا بالفعل باسم { $of }.
knowledge-too-many = تم تخطيه: لا تتسع القاعدة لأكثر من { $limit } ملف.
knowledge-open-pdf-page = فتح ملف PDF عند الصفحة { $page }
knowledge-reply-summary =
    { $count ->
        [zero] من قاعدة معرفتك: { $count } مقتطف
        [one] من قاعدة معرفتك: مقتطف واحد
        [two] من قاعدة معرفتك: مقتطفان
        [few] من قاعدة معرفتك: { $count } مقتطفات
        [many] من قاعدة معرفتك: { $count } مقتطفًا
       *[other] من قاعدة معرفتك: { $count } مقتطف
    }
knowledge-open-passage = فتح { $passage }
knowledge-more-files = { $count ->
        [zero] …ولا ملفات أخرى
        [one] …وملف آخر
        [two] …وملفان آخران
        [few] …و{ $count } ملفات أخرى
        [many] …و{ $count } ملفًا آخر
       *[other] …و{ $count } ملف آخر
    }
knowledge-unlink = إلغاء الربط
knowledge-link-folder = ربط مجلد
knowledge-folder-linked = تبقى متوافقة مع المجلد { $folder }.
knowledge-folder-allow = السماح بقراءة { $folder } مجددًا
knowledge-folder-unlink = إلغاء ربط مجلد { $name }
knowledge-folder-link = ربط مجلد بـ { $name } مع إبقائه متوافقًا
knowledge-agent-budget-error = أدخل عددًا صحيحًا من الرموز بين 200 و32000، أو اتركه فارغًا لاستخدام القيمة الافتراضية.
