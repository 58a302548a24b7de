# Hearth's interface in French. Translated from en.ftl; same ids.

## i18n

language = Langue
language-automatic = Automatique ({ $name })
language-apply = Appliquer et recharger
language-hint = La langue de l’interface sur cet appareil. Ce que vous et les modèles écrivez n’est jamais traduit.
language-failed = La langue choisie n’a pas pu être chargée ; affichage en { $name } à la place : { $why }
language-not-kept = Ce navigateur n’a pas pu conserver ce choix (son stockage est bloqué ou plein).

## chat

app-agents = Agents
app-tools = Outils
app-settings = Paramètres
app-conversations = Conversations
app-show-conversations = Afficher les conversations
app-more = Plus
ui-copied = Copié
ui-copy = Copier
ui-close = Fermer
ui-retry = Réessayer
chat-messages = Messages
chat-conversation = Conversation
chat-message-you = Vous
chat-message-system = Système
chat-jump-to-latest = Aller au dernier message
chat-conversation-not-found = Conversation introuvable
chat-conversation-not-found-detail = Cette adresse désigne une conversation absente de ce navigateur. Elle a peut-être été supprimée, ou bien elle a été créée dans un autre navigateur : les conversations sont stockées uniquement dans le navigateur qui les a créées.
chat-start-new-chat = Démarrer une nouvelle conversation
chat-add-provider-to-start = Ajoutez un fournisseur pour commencer : OpenAI, Anthropic, Gemini ou tout serveur compatible OpenAI, y compris Ollama ou LM Studio sur cet ordinateur.
chat-set-up-provider = Configurer un fournisseur
chat-welcome-heading = Comment puis-je vous aider aujourd’hui ?
chat-suggestions = Suggestions
chat-suggestion-explain = Expliquer simplement
chat-suggestion-explain-prompt = Explique-moi simplement comment HTTPS garde une connexion privée.
chat-suggestion-code = Écrire du code
chat-suggestion-code-prompt = Écris une fonction qui vérifie si une chaîne est un palindrome, avec des tests.
chat-suggestion-summarise = Résumer un texte
chat-suggestion-summarise-prompt = Résume ce texte en trois points :
chat-suggestion-plan = Organiser un week-end
chat-suggestion-plan-prompt = Aide-moi à organiser un week-end tranquille. Demande-moi d’abord ce que j’aime.
chat-welcome-privacy = Rien ne quitte ce navigateur, hormis la requête envoyée à votre fournisseur.
chat-open-conversation = Conversation ouverte
chat-export-markdown = Exporter en Markdown
chat-branches = Branches
chat-branches-tooltip = Tous les embranchements de cette conversation, pour afficher n’importe quelle branche
chat-export-versions-tooltip = La branche affichée, puis toutes les autres versions en annexe
chat-export-with-versions = Exporter avec les autres versions
chat-clear-already-empty = La conversation est déjà vide
chat-clear-tooltip = Supprimer tous ses messages
chat-clear-conversation = Vider la conversation
chat-clear-confirm = Vider la conversation « { $title } » ? Tous ses messages seront supprimés ; la conversation reste dans la liste, vide. Cette action est irréversible.
chat-summary-divider = Messages précédents résumés
chat-summary-divider-count =
    { $n ->
        [one] Messages précédents résumés ({ $n } message)
       *[other] Messages précédents résumés ({ $n } messages)
    }
chat-summary-group = Résumé des messages précédents
chat-summary = Résumé
chat-summary-undo-label = Annuler le résumé
chat-summary-undo-tooltip = Supprimer ce résumé : les requêtes renverront les messages précédents
chat-undo = Annuler
chat-show-whole-message = Afficher le message entier ({ $size })
chat-versions-of-message = Versions de ce message
chat-edit = Modifier
chat-edit-tooltip = Modifier et renvoyer (l’original est conservé)
chat-media-open = Ouvrir { $name } ({ $detail })
chat-media-missing = N’est plus stocké
chat-media-list = Images, PDF et notes vocales
chat-media-image-alt = { $name }, joint au message ({ $detail })
chat-media-no-longer-stored = il n’est plus stocké
chat-media-not-downloaded = { $name } n’a pas été téléchargé : { $reason }.
chat-media-download = Télécharger
chat-voice-note-play = Lire { $name }
chat-voice-note-transcript = Transcription
chat-version-of = Version { $number } sur { $count }
chat-show-previous-version = Afficher la version précédente
chat-previous-version = Version précédente
chat-show-next-version = Afficher la version suivante
chat-next-version = Version suivante
chat-more-actions = Plus d’actions
chat-edit-answer = Modifier cette réponse
chat-branch-new-chat = Bifurquer vers une nouvelle conversation
chat-delete-version = Supprimer cette version
chat-keep-only-path = Garder uniquement ce chemin
chat-edit-your-message = Modifier votre message
chat-edit-message-hint = Envoyé comme nouvelle version : l’original et ses réponses restent accessibles d’un clic sur les flèches.
chat-cancel = Annuler
chat-send = Envoyer
chat-answer-text = Texte de la réponse
chat-edit-answer-hint = « Enregistrer comme nouvelle version » garde l’original accessible par les flèches. « Corriger sur place » modifie cette réponse et la marque comme modifiée. Dans les deux cas, rien de ce qui suit n’est supprimé.
chat-fix-in-place = Corriger sur place
chat-save-new-version = Enregistrer comme nouvelle version
chat-outline-heading = Branches de cette conversation
chat-outline-hint = Tous les embranchements de cette conversation et leurs versions. Choisissez-en une pour afficher sa branche.
chat-outline-shown = affichée
chat-outline-fork-answers =
    { $count ->
        [one] Tour { $turn } · { $count } réponse
       *[other] Tour { $turn } · { $count } réponses
    }
chat-outline-fork-questions =
    { $count ->
        [one] Tour { $turn } · { $count } version de la question
       *[other] Tour { $turn } · { $count } versions de la question
    }
chat-outline-version = { $number } sur { $count } : { $text }
chat-outline-model-edited = { $model }, modifiée
chat-compare-answer-name = Réponse { $letter }
chat-compare-merged-answer = Réponse fusionnée
chat-compare-merge-credit =
    { $count ->
        [one] Rédigée à partir de { $count } réponse avec : « { $recipe } »
       *[other] Rédigée à partir de { $count } réponses avec : « { $recipe } »
    }
chat-compare-writing = Rédaction…
chat-compare-stop-answer = Arrêter { $name }
chat-compare-stop = Arrêter
chat-compare-retry-answer = Réessayer { $name }
chat-compare-continue-with-answer = Continuer avec { $name }
chat-compare-continuing = La conversation continue ici
chat-compare-continue-with-this = Continuer avec celle-ci
chat-compare-choose-tooltip = La choisir pour « Continuer séparément »
chat-compare-choose-answer = Choisir { $name } pour continuer séparément
chat-compare-choose = Choisir
chat-compare-first-token-time = { $time } avant le premier jeton
chat-compare-total-time = { $time } au total
chat-compare-output-tokens =
    { $n ->
        [one] { $n } jeton
       *[other] { $n } jetons
    }
chat-compare-cost = environ { $cost }
chat-compare-new-chats =
    { $n ->
        [one] { $n } nouvelle conversation, listée sous celle-ci.
       *[other] { $n } nouvelles conversations, listées sous celle-ci.
    }
chat-compare-turn-label = Réponses comparées ({ $n })
chat-compare-answers = Réponses
chat-compare-scroll-separately = Faire défiler les colonnes séparément
chat-compare-continue-separately-tooltip = Chaque réponse choisie se poursuit dans sa propre nouvelle conversation
chat-compare-continue-separately = Continuer séparément
chat-compare-continue-separately-count = Continuer séparément ({ $n })
chat-compare-merge-open = Fusionner…
chat-compare-merge-form = Fusionner les réponses
chat-compare-recipe = Méthode
chat-compare-instruction = Instruction
chat-compare-written-by = Rédigée par
chat-compare-agent-model = Le modèle de l’agent
chat-compare-merge = Fusionner

## composer

composer-label = Zone de rédaction
composer-keys = Enter envoie · Shift+Enter ajoute une ligne · @ joint un fichier
composer-message = Message
composer-message-placeholder = Écrire à Hearth…
composer-talk = Parler
composer-talk-title = Parler avec le modèle, à voix haute
composer-search = Recherche
composer-search-web = Rechercher sur le web
composer-search-title = Répondre avec la recherche web du fournisseur, sources à l’appui
composer-take-photo = Prendre une photo
composer-compare = Comparer
composer-compare-models = Comparer des modèles
composer-compare-title = Envoyer le prochain message à plusieurs modèles et voir leurs réponses côte à côte
composer-effort = Effort de raisonnement
composer-effort-title = Intensité de la réflexion d’un modèle de raisonnement avant de répondre
composer-effort-default = Effort : par défaut
composer-effort-low = Effort : faible
composer-effort-medium = Effort : moyen
composer-effort-high = Effort : élevé
composer-dictate = Dicter
composer-dictate-title = Parler au lieu de taper (Alt+Shift+U)
composer-compact = Compacter
composer-compact-conversation = Compacter la conversation
composer-compact-title = Résumer maintenant les messages précédents ; ils restent affichés ici, et les requêtes envoient le résumé
composer-context-used =
    { $window ->
        [one] { $used } sur { $window } jeton · { $percent } %
       *[other] { $used } sur { $window } jetons · { $percent } %
    }
composer-context-window-used = Fenêtre de contexte utilisée
composer-context-full = La prochaine requête résumera d’abord les messages précédents
composer-context-estimated = Taille estimée de la prochaine requête
composer-attach-file = Joindre un fichier
composer-attach-title = Joindre des images, des PDF, de l’audio ou des fichiers texte (.md, .txt)
composer-reads-no-pdfs = { $model } ne lit pas les PDF ({ $reason }) : un PDF est envoyé sous forme de texte.
composer-reads-no-images = { $model } ne lit pas les images ({ $reason }) : une image est envoyée sous forme de note.
composer-reads-no-images-or-pdfs = { $model } ne lit ni les images ni les PDF ({ $reason }) : une image est envoyée sous forme de note, un PDF sous forme de texte.
composer-attached-files = Fichiers joints
composer-attached-media = Images, PDF et notes vocales joints
composer-remove-file = Retirer { $name }
composer-preparing = Préparation…
composer-media-will-be-sent = Sera envoyé en { $summary }
composer-transcribing = Transcription…
composer-no-transcript-offered = Pas de transcription : un modèle qui n’entend pas l’audio n’en reçoit qu’une mention.
composer-transcript = Transcription : { $text }
composer-no-transcript = Pas de transcription.
composer-voice-note-play = Lire { $name }
composer-make-transcript = Transcrire
composer-voice-note-ask = Transcrire { $name }
composer-heic-kept = Ce navigateur ne peut pas convertir les photos HEIC : la photo est conservée telle quelle, et seuls les modèles Gemini peuvent la lire.
composer-refused-unknown = « { $name } » n’a pas été joint : Hearth accepte les images, les PDF, l’audio et les fichiers .md ou .txt.
composer-refused-not-audio = « { $name } » n’a pas été joint : ce navigateur n’a pas pu le lire comme de l’audio (serait-il endommagé ?).
composer-refused-too-long =
    { $minutes ->
        [one] « { $name } » n’a pas été joint : il dure plus de { $minutes } minute (raccourcissez-le ou découpez-le).
       *[other] « { $name } » n’a pas été joint : il dure plus de { $minutes } minutes (raccourcissez-le ou découpez-le).
    }
composer-refused-too-large = « { $name } » n’a pas été joint : il dépasse { $limit } Mo.
composer-refused-unreadable = « { $name } » n’a pas été joint : ce navigateur n’a pas pu le lire comme une image.
composer-refused-failed = « { $name } » n’a pas été joint : { $detail }.
composer-refused-not-loaded = « { $name } » n’a pas été joint : le code de Hearth pour les pièces jointes ne s’est pas chargé (vérifiez la connexion et réessayez).
composer-failed-stored = il n’a pas pu être stocké
composer-failed-hashed = son empreinte n’a pas pu être calculée
composer-project-files = Fichiers du projet
composer-mention-one-match = 1 fichier du projet correspond. Enter ou Tab pour le joindre, Escape pour fermer la liste.
composer-mention-matches =
    { $n ->
        [one] { $n } fichier du projet correspond. ↑ et ↓ pour choisir, Enter ou Tab pour joindre, Escape pour fermer la liste.
       *[other] { $n } fichiers du projet correspondent. ↑ et ↓ pour choisir, Enter ou Tab pour joindre, Escape pour fermer la liste.
    }
composer-knowledge-matches = { $n } bases de connaissances et fichiers correspondent. Haut et Bas choisissent, Entrée ou Tab sélectionne, Échap ferme la liste.
composer-knowledge-one-match = 1 base de connaissances ou fichier correspond. Entrée ou Tab le choisit, Échap ferme la liste.
composer-knowledge-list = Bases de connaissances et fichiers
composer-mention-no-files = Aucun fichier du projet pour l’instant. Ajoutez-en un avec « Joindre un fichier », en le déposant sur la conversation, ou dans Outils.
composer-mention-no-match = Aucun fichier du projet ne correspond à « { $query } ».
composer-image = Image
composer-create-image = Créer une image
composer-image-title = Demander au modèle d’images du fournisseur des images de ce que vous décrivez
composer-what-to-draw = Que dessiner ?
composer-picture-edits = Le modèle modifie l’image jointe dans la zone de message : { $name }.
composer-picture-how-to-edit = Pour modifier une image, joignez-la d’abord dans la zone de message.
composer-image-model = Modèle d’images
composer-image-model-hint = Demandé au compte qui répond dans cette conversation.
composer-draw-first = Décrivez d’abord ce qu’il faut dessiner.
composer-name-model-first = Indiquez d’abord un modèle d’images.
composer-picture-not-sent = Rien n’a été envoyé : une réponse est encore en cours de rédaction ici, une pièce jointe est en préparation, ou cet onglet ne peut plus enregistrer (voir le bandeau).
composer-create = Créer
composer-picture-size = Taille
composer-picture-quality = Qualité
composer-picture-count = Nombre d’images
composer-size-automatic = Taille : automatique
composer-size-square = Carré
composer-size-landscape = Paysage
composer-size-portrait = Portrait
composer-quality-automatic = Qualité : automatique
composer-quality-low = Qualité : faible
composer-quality-medium = Qualité : moyenne
composer-quality-high = Qualité : élevée
composer-pictures-1 = 1 image
composer-pictures-2 = 2 images
composer-pictures-3 = 3 images
composer-pictures-4 = 4 images
composer-compare-hint = Votre prochain message part vers chaque colonne ; les réponses s’affichent côte à côte au fur et à mesure.
composer-compare-add-column = Ajouter une colonne
composer-compare-blind = À l’aveugle : masquer les noms des modèles jusqu’à ce que j’en choisisse un
composer-compare-cost-title = Estimé d’après la longueur de la conversation et les prix publiés
composer-stop-comparing = Arrêter la comparaison
composer-compare-blind-picks = Choix à l’aveugle sur cet appareil : { $tally }
composer-column-agent = Agent de la colonne { $letter }
composer-column-model = Modèle de la colonne { $letter }
composer-column-remove = Retirer la colonne { $letter }
composer-follows-merged = Votre prochain message fera suite à la réponse fusionnée.
composer-follows-blind-answer = Votre prochain message fera suite à la réponse { $letter }. Choisissez-en une avec « Continuer avec celle-ci ».
composer-follows-answer = Votre prochain message fera suite à la réponse { $letter } ({ $model }).
sessions-close = Fermer les conversations
sessions-new-chat = Nouvelle conversation
sessions-search-label = Rechercher dans les conversations
sessions-search-placeholder = Rechercher dans tous les messages
sessions-list = Liste des conversations
sessions-show-more = Afficher plus de conversations
sessions-empty = Vos conversations apparaîtront ici. Elles sont stockées uniquement dans ce navigateur.
sessions-deleted = « { $title } » supprimée
sessions-rename = Renommer
sessions-pin = Épingler
sessions-unpin = Désépingler
sessions-delete = Supprimer
sessions-actions-for = Actions pour { $title }
sessions-pinned = Épinglée
sessions-title-field = Titre de la conversation
sessions-replying = Réponse en cours
sessions-reply-streaming = Une réponse est en cours de réception
sessions-searching = Recherche…
sessions-no-match = Aucun message ne correspond.
sessions-search-results = Résultats de recherche
sessions-other-branch = Dans une autre branche
sessions-search-count =
    { $total ->
        [one] { $total } résultat
       *[other] { $total } résultats
    }
sessions-search-count-newest =
    { $total ->
        [one] { $shown } sur { $total } résultat (le plus récent)
       *[other] Les { $shown } plus récents sur { $total } résultats
    }
sessions-search-count-many = Les { $shown } plus récents sur de nombreux résultats ; ajoutez un mot pour affiner
sessions-search-count-recent = { $shown } trouvés dans les conversations les plus récentes ; ajoutez un mot pour affiner

## reply

reply-assistant = Assistant
reply-copy-code = Copier le code
reply-hide-diagram = Masquer le diagramme
reply-show-diagram = Afficher le diagramme
reply-drawing-diagram = Tracé du diagramme…
reply-diagram-shown = Diagramme affiché
reply-diagram-failed = Ce diagramme n’a pas pu être tracé : { $why }
reply-code-unnamed = code
reply-code = Code
reply-code-named = Code { $language }
reply-load-image = Charger l’image
reply-load-image-name = Charger l’image { $label } depuis { $host }
reply-load-image-compact = Charger l’image : { $label } ({ $host })
reply-image-not-loaded = (image non chargée)
reply-app-code = Code de l’app
reply-source = Source { $number }
reply-unlock-keys = Déverrouiller vos clés API
reply-compact-and-retry = Compacter et réessayer
reply-retry-wait = Le fournisseur demande de patienter : { $secs } s
reply-loading-image = Chargement de l’image…
reply-open-image-new-tab = Ouvrir l’image dans un nouvel onglet
reply-read-aloud = Lire à voix haute
reply-pause = Pause
reply-picture-being-drawn = L’image en cours de création, inachevée
reply-drawing = Création en cours…
reply-pictures = Images
reply-picture-alt = Image { $number } créée par le modèle
reply-picture-not-shown = Une image de type { $type }, non affichée.
reply-picture-open = Ouvrir l’image { $number } créée par le modèle
reply-picture-gone = L’image { $number } n’est plus stockée.
reply-sources = Sources
reply-saved = Enregistré
reply-save-as-file = Enregistrer dans un fichier
reply-save-as-file-markdown = Enregistrer dans un fichier (Markdown)
reply-still-writing = Rédaction en cours
reply-thinking-for = Réflexion… { $secs } s
reply-thought-for = Réflexion : { $secs } s
reply-thinking = Réflexion
reply-unsupported-parts =
    { $n ->
        [one] Cette réponse contient { $n } élément que Hearth ne peut pas encore afficher.
       *[other] Cette réponse contient { $n } éléments que Hearth ne peut pas encore afficher.
    }
reply-show-raw-json = Afficher le JSON brut
reply-unsupported-parts-list = Éléments que Hearth ne peut pas afficher
reply-google-search-suggestions = Suggestions Google Search
reply-provider-tools = Outils du fournisseur
reply-show-its-json = Afficher son JSON
reply-server-tool-searching-for = Recherche de « { $query } » sur le web…
reply-server-tool-searching = Recherche sur le web…
reply-server-tool-search-for-failed = La recherche de « { $query } » a échoué
reply-server-tool-search-failed = Une recherche web a échoué
reply-server-tool-searched-for = Recherche web effectuée : « { $query } »
reply-server-tool-searched = Recherche web effectuée
reply-server-tool-reading-url = Lecture de { $url }…
reply-server-tool-reading-url-failed = La lecture de { $url } a échoué
reply-server-tool-read-url = Page lue : { $url }
reply-server-tool-reading-page = Lecture d’une page…
reply-server-tool-reading-page-failed = La lecture d’une page a échoué
reply-server-tool-read-page = Page lue
reply-server-tool-drawing = Création d’une image…
reply-server-tool-drawing-failed = La création d’une image a échoué
reply-server-tool-drew = Image créée
reply-server-tool-unsupported = non pris en charge : { $name }
reply-server-tool-failed-why = { $what } : { $why }
reply-server-tool-results =
    { $count ->
        [one] { $text } · { $count } résultat
       *[other] { $text } · { $count } résultats
    }
reply-usage = { $input } en entrée · { $output } en sortie
reply-usage-with-reasoning = { $input } en entrée · { $output } en sortie · { $reasoning } de raisonnement
reply-regenerate = Régénérer
reply-regenerate-title = Régénérer (répondre à nouveau)
reply-tokens = Jetons
reply-versions-of-answer = Versions de cette réponse
reply-badge-edited = { $named } · modifiée
reply-badge-agent-model = Agent · modèle
reply-badge-model = Modèle
reply-chunks-skipped =
    { $n ->
        [one] { $n } fragment du flux n’a pas pu être lu et a été ignoré.
       *[other] { $n } fragments du flux n’ont pas pu être lus et ont été ignorés.
    }
reply-extra-answers-ignored =
    { $answers ->
        [one] Le fournisseur a envoyé { $answers } réponse (n > 1 dans la requête) ; seule la première est affichée.
       *[other] Le fournisseur a envoyé { $answers } réponses (n > 1 dans la requête) ; seule la première est affichée.
    }
reply-stopped = Arrêtée
reply-interrupted = Interrompue : la page a été fermée ou rechargée pendant la réception de cette réponse.
reply-incomplete-title = La réponse est peut-être incomplète
reply-incomplete-detail = Le flux s’est arrêté avant que le modèle n’indique avoir terminé. Ce qui est arrivé est conservé ; « Régénérer » pose à nouveau la question.
reply-token-limit-title = La réponse a atteint la limite de jetons
reply-token-limit-detail = Augmentez « Jetons max » dans Fournisseurs, ou demandez au modèle de continuer.
reply-safety-filter-title = Le filtre de sécurité du fournisseur a arrêté la réponse
reply-safety-filter-detail = Le modèle a refusé, ou le filtre de contenu du fournisseur a bloqué le prompt ou la réponse.
reply-ended-early-title = Le fournisseur a interrompu la réponse prématurément
reply-regenerate-asks-again = « Régénérer » pose à nouveau la question.
chat-state-branch-not-stored = La nouvelle conversation n’a pas pu être stockée.
chat-state-wait-reply-ended = Attendez la fin de la réponse.
chat-state-no-other-version = Ce message n’a pas d’autre version : rien n’a été supprimé.
chat-state-no-other-branch = Cette conversation n’a pas d’autre branche : rien n’a été supprimé.
chat-state-empty-answer = Une réponse ne peut pas être vide : écrivez quelque chose, ou choisissez Annuler.
chat-state-delete-version-confirm =
    { $count ->
        [one] Supprimer cette version et tout ce qui suit ({ $count } message) ? Vous pourrez annuler pendant quelques secondes.
       *[other] Supprimer cette version et tout ce qui suit ({ $count } messages) ? Vous pourrez annuler pendant quelques secondes.
    }
chat-state-keep-path-confirm =
    { $count ->
        [one] Supprimer toutes les branches sauf celle affichée ({ $count } message) ? Vous pourrez annuler pendant quelques secondes.
       *[other] Supprimer toutes les branches sauf celle affichée ({ $count } messages) ? Vous pourrez annuler pendant quelques secondes.
    }
chat-state-messages-deleted =
    { $count ->
        [one] { $count } message supprimé
       *[other] { $count } messages supprimés
    }
chat-state-merge-wait-columns = Attendez que toutes les colonnes aient terminé.
chat-state-merge-too-few = Une fusion nécessite au moins deux réponses.
chat-state-merge-no-instruction = Indiquez ce que la fusion doit faire.
chat-state-attachment-preparing = Une pièce jointe est encore en préparation : envoyez dès qu’elle est indiquée comme prête.
chat-state-summary-no-provider = aucun fournisseur n’est configuré
chat-state-summary-empty = le modèle n’a rédigé aucun résumé
chat-state-summary-stopped = arrêté par vous
chat-state-summary-gone = la conversation n’existe plus
chat-state-summary-too-short = les messages précédents sont plus courts que n’importe quel résumé
chat-state-summarising = Résumé des messages précédents…
chat-state-summarised =
    { $count ->
        [one] Messages précédents résumés ({ $count } message). Ils restent affichés ici ; seules les requêtes envoient le résumé.
       *[other] Messages précédents résumés ({ $count } messages). Ils restent affichés ici ; seules les requêtes envoient le résumé.
    }
chat-state-nothing-to-summarise = Rien à résumer pour l’instant : le premier message et les derniers tours sont toujours envoyés tels quels.
chat-state-summary-removed = Résumé supprimé : les requêtes renvoient les messages précédents.
chat-state-first-message-too-long =
    { $estimate ->
        [one] Le premier message à lui seul est trop long pour la fenêtre de contexte de ce modèle (environ { $estimate } jeton sur { $window }) : résumer les messages précédents n’y changerait rien. Raccourcissez-le, ou choisissez un modèle doté d’une fenêtre plus grande.
       *[other] Le premier message à lui seul est trop long pour la fenêtre de contexte de ce modèle (environ { $estimate } jetons sur { $window }) : résumer les messages précédents n’y changerait rien. Raccourcissez-le, ou choisissez un modèle doté d’une fenêtre plus grande.
    }
chat-state-last-message-too-long =
    { $estimate ->
        [one] Le dernier message à lui seul est trop long pour la fenêtre de contexte de ce modèle (environ { $estimate } jeton sur { $window }) : résumer les messages précédents n’y changerait rien. Raccourcissez-le, ou choisissez un modèle doté d’une fenêtre plus grande.
       *[other] Le dernier message à lui seul est trop long pour la fenêtre de contexte de ce modèle (environ { $estimate } jetons sur { $window }) : résumer les messages précédents n’y changerait rien. Raccourcissez-le, ou choisissez un modèle doté d’une fenêtre plus grande.
    }
chat-state-summary-failed-sent = Les messages précédents n’ont pas pu être résumés : { $why }. La conversation a été envoyée en entier.
chat-state-summary-failed-unchanged = Les messages précédents n’ont pas pu être résumés : { $why }. Rien n’a été modifié.
chat-state-provider-error-http = { $title } (HTTP { $status })

## providers

providers-dialog-heading = Fournisseurs
providers-dialog-hint = Hearth communique avec chaque fournisseur directement depuis ce navigateur. Les clés sont stockées uniquement ici et envoyées uniquement à leur fournisseur.
providers-your-providers = Vos fournisseurs
providers-add-heading = Ajouter un fournisseur
providers-new-type = Type du nouveau fournisseur
providers-add = Ajouter le fournisseur
providers-settings = Paramètres du fournisseur
providers-type = Type
providers-name = Nom
providers-base-url = URL de base
providers-api-version = Version de l’API
providers-thinking = Réflexion (raisonnement avant la réponse)
providers-extra-json = JSON supplémentaire
providers-extra-json-hint = Le JSON supplémentaire est fusionné en dernier dans le corps de chaque requête : il peut donc définir ou remplacer n’importe quel champ.
providers-key-removed = La clé a été retirée, car l’URL de base pointe maintenant vers une autre adresse. Saisissez la clé correspondant à la nouvelle adresse.
providers-api = API
providers-api-automatic = Automatique (Responses lorsque le modèle l’exige)
providers-api-key = Clé API
providers-key-locked = Verrouillée
providers-key-required = Obligatoire
providers-key-optional = Facultative pour les serveurs locaux
providers-testing = Test de la connexion…
providers-test-connection = Tester la connexion
providers-in-use = Actif
providers-use = Utiliser ce fournisseur
providers-delete = Supprimer le fournisseur
providers-delete-confirm = Supprimer le fournisseur « { $name } » et sa clé ?
providers-model-deployment = Modèle (nom du déploiement)
providers-available-models = Modèles disponibles
providers-pick-model = Choisir un modèle…
providers-default = Par défaut
providers-temperature = Température
providers-max-tokens = Jetons max
providers-top-p = Top-p
providers-context-window = Fenêtre de contexte (jetons)
providers-context-window-hint =
    { $tokens ->
        [one] Vide : { $tokens } jeton, la valeur par défaut de ce modèle. Les longues conversations sont compactées avant de la remplir.
       *[other] Vide : { $tokens } jetons, la valeur par défaut de ce modèle. Les longues conversations sont compactées avant de la remplir.
    }
providers-number-out-of-range = { $label } doit être un nombre compris entre 0 et { $max }, ou rester vide pour la valeur par défaut.
providers-number-not-count = { $label } doit être un nombre entier supérieur à 0, ou rester vide pour la valeur par défaut.
providers-number-context-window = Fenêtre de contexte : { $problem }
providers-reads-besides-text = Lit en plus du texte
providers-reads-as-known = Selon ce qui est connu
providers-reads-everything = Images, PDF et audio
providers-reads-images-pdfs = Images et PDF
providers-reads-images = Images
providers-reads-pdfs = PDF
providers-reads-images-audio = Images et audio
providers-reads-audio = Audio
providers-reads-text-only = Texte uniquement
providers-this-model = Ce modèle
providers-model-reads = { $model } lit : { $reads }, { $reason }.
providers-model-picker-title = Le modèle qui répond, pour les agents sans modèle propre (le modèle propre d’un agent se règle dans Agents)
providers-no-model-set = aucun modèle défini
providers-test-fix-extra-json = Corrigez d’abord le JSON supplémentaire : { $error }
providers-test-no-model = Définissez d’abord le modèle : ce fournisseur ne publie pas de liste de modèles, le test demande donc au modèle une réponse d’un seul mot.
providers-test-stopped = Le test a été arrêté.
providers-test-answered = Connecté : le modèle a répondu.
providers-test-no-models = Connecté. Le fournisseur ne liste aucun modèle ; saisissez l’identifiant du modèle.
providers-test-models-available =
    { $n ->
        [one] Connecté. { $n } modèle disponible.
       *[other] Connecté. { $n } modèles disponibles.
    }
providers-test-model-list-unreadable = Connecté, mais la liste des modèles n’a pas pu être lue : { $error }
providers-saving = Enregistrement…
providers-not-saved = Non enregistré : { $problem }
providers-storage-not-open = le stockage n’est pas ouvert.
providers-lock-wrong-passphrase = Cette phrase secrète est incorrecte. Rien n’a été modifié ; réessayez.
providers-lock-enter-passphrase = Saisissez une phrase secrète.
providers-lock-passphrase-too-short =
    { $min ->
        [one] Utilisez une phrase secrète d’au moins { $min } caractère. Rien n’a été modifié.
       *[other] Utilisez une phrase secrète d’au moins { $min } caractères. Rien n’a été modifié.
    }
providers-lock-unlock-first = Déverrouillez d’abord vos clés API.
providers-lock-damaged = Le verrou des clés ne peut pas être ouvert : { $error }. Utilisez « Phrase secrète oubliée ? » pour le supprimer.
providers-lock-server-unopened = Les valeurs d’en-tête et la connexion du serveur MCP « { $name } » ne s’ouvrent pas avec cette phrase secrète. Rien n’a été modifié.
providers-lock-crypto-failed = { $error } Rien n’a été modifié.
providers-lock-storage-failed = Rien n’a été modifié : { $error }
providers-forget-question = Supprimer les clés API verrouillées et le verrou par phrase secrète ? La clé API de chaque fournisseur, ainsi que les valeurs d’en-tête, le secret client et la connexion de chaque serveur MCP, seront supprimés de ce navigateur : vous devrez les saisir à nouveau dans Fournisseurs et Outils. Les conversations, les agents, les outils et les autres paramètres des fournisseurs sont conservés.
providers-unlock-hint = Vos clés API sont verrouillées par une phrase secrète. Saisissez-la pour les utiliser tant que Hearth est ouvert.
providers-passphrase = Phrase secrète
providers-unlocking = Déverrouillage…
providers-unlock = Déverrouiller
providers-not-now = Pas maintenant
providers-forgot-passphrase = Phrase secrète oubliée ?
providers-lock-passphrases-differ = Les deux phrases secrètes diffèrent. Saisissez deux fois la même.
providers-lock-working = En cours…
providers-lock-removed = Verrou supprimé. Les clés API sont stockées sans chiffrement.
providers-lock-passphrase-changed = Phrase secrète modifiée.
providers-lock-set = Clés API verrouillées par votre phrase secrète.
providers-lock-forgotten = Les clés API verrouillées (et les secrets des serveurs MCP) ainsi que le verrou ont été supprimés.
providers-lock-state-off = Les clés API sont stockées sans chiffrement dans ce navigateur.
providers-lock-state-locked = Les clés API sont protégées par une phrase secrète, et actuellement verrouillées.
providers-lock-state-unlocked = Les clés API sont protégées par une phrase secrète, et déverrouillées tant qu’un onglet Hearth est ouvert.
providers-lock-state-damaged = Le verrou des clés ne peut pas être ouvert. Utilisez « Phrase secrète oubliée ? » pour le supprimer.
providers-lock-heading = Verrou des clés API
providers-lock-hint = Une phrase secrète chiffre les clés API stockées (AES-GCM, PBKDF2-SHA-256, 600 000 itérations). Elle les protège au repos : dans une copie du profil du navigateur ou sur un ordinateur partagé. Elle ne les protège pas du code exécuté dans cette page, ni pendant qu’un onglet Hearth est déverrouillé. La clé déverrouillée est conservée uniquement dans la mémoire des onglets Hearth ouverts : Hearth la redemande dès qu’aucun n’est ouvert.
providers-lock-with-passphrase = Verrouiller les clés API par une phrase secrète
providers-change-passphrase = Changer la phrase secrète
providers-remove-lock = Supprimer le verrou
providers-unlock-keys = Déverrouiller les clés API
providers-current-passphrase = Phrase secrète actuelle
providers-new-passphrase = Nouvelle phrase secrète
providers-confirm-passphrase = Confirmer la phrase secrète
providers-lock-keys = Verrouiller les clés API
offline-connection = Connexion
offline-badge = Hors ligne
offline-back-online = De nouveau en ligne
offline-description = Vos conversations, la recherche et les outils qui n’ont pas besoin du réseau fonctionnent hors ligne ; l’envoi nécessite une connexion, sauf si le fournisseur tourne sur cet ordinateur.
offline-storage-closed = Le stockage de Hearth a été fermé
offline-out-of-date = Cet onglet n’est plus à jour
offline-storage-closed-text = Le navigateur a fermé le stockage de Hearth (ses données ont peut-être été effacées) : cet onglet ne peut donc plus rien enregistrer. Ce qui est affiché reste visible jusqu’au rechargement.
offline-out-of-date-text = Hearth a été mis à jour dans un autre onglet, et la nouvelle version a repris son stockage. Cet onglet n’enregistre plus rien, afin que deux versions n’écrivent jamais en même temps. Ce qui est affiché reste visible jusqu’au rechargement.
offline-reload-hearth = Recharger Hearth
offline-keep-reading = Continuer la lecture sans enregistrer
offline-dismiss = Masquer
offline-storage-upgrading = Mise à jour du stockage de Hearth pour cette version. Avec beaucoup de conversations, cela prend quelques secondes, une seule fois.
offline-reload-waits-for-reply = Rechargement à la fin de la réponse…
offline-reload-waits-for-other-tab = Rechargement à la fin de la réponse dans un autre onglet…
offline-reload-waits-for-message = Votre message n’est pas encore envoyé : envoyez-le ou effacez-le et Hearth se recharge, ou abandonnez-le et rechargez maintenant.
offline-reload-waits-for-editor = Des modifications ne sont pas enregistrées dans { $editor } : enregistrez-les ou annulez-les et Hearth se recharge, ou abandonnez-les et rechargez maintenant.
offline-reloading = Rechargement…
offline-new-version-ready = Une nouvelle version de Hearth est prête.
offline-updated-elsewhere = Hearth a été mis à jour dans un autre onglet.
offline-updates-region = Mises à jour de Hearth
offline-reload-new-version = Recharger pour utiliser la nouvelle version
offline-discard-and-reload = Abandonner et recharger
offline-cancel-reload = Annuler le rechargement
offline-later = Plus tard

## agents

agents-intro = Un agent est un assistant doté de ses propres instructions, de son modèle et de ses outils. Les nouvelles conversations démarrent avec le dernier agent utilisé.
agents-list-label = Vos agents
agents-new-agent = Nouvel agent
agents-picker-title = L’agent de cette conversation
agents-picker-label = Agent :
agents-picker-wait = Le changement d’agent attend la fin de la réponse
agents-switched-to = Passage à { $name }
agents-default-model = Modèle par défaut
agents-default-model-removed = Modèle par défaut (son compte a été supprimé)
agents-chat = Discussion
agents-kind-app = Application (sans outils)
agents-reset = Réinitialiser
agents-duplicate = Dupliquer
agents-reset-agent = Rétablir les valeurs par défaut de { $name }
agents-delete-agent = Supprimer { $name }
agents-chat-with-agent = Discuter avec { $name }
agents-edit-agent = Modifier { $name }
agents-duplicate-agent = Dupliquer { $name }
agents-made-copy = { $name } a été créé.
agents-delete-confirm = Supprimer l’agent « { $name } » ? Les conversations qui l’utilisaient gardent son nom sur leurs réponses et continuent avec l’Assistant général.
agents-deleted = { $name } a été supprimé.
agents-reset-confirm = Rétablir les valeurs par défaut de { $name } ? Son prompt, son modèle et ses outils reviennent à leur état d’origine.
agents-reset-done = { $name } a retrouvé ses valeurs par défaut.
agents-general-name = Assistant général
agents-app-builder-name = Créateur d’apps
agents-app-builder-description = Crée de petites applications web qui s’exécutent dans un aperçu à côté de la conversation.
agents-editor-name = l’éditeur d’agent
agents-short-description = Description courte
agents-system-prompt-template = Gabarit du prompt système
agents-template-hint = Variables : { $placeholders }, ainsi que vos sections, par leur nom. { $open } et { $close } produisent des accolades littérales.
agents-unknown-placeholder = Variable inconnue { $placeholder } — elle est envoyée telle quelle
agents-save-agent = Enregistrer l’agent
agents-reset-to-default = Rétablir les valeurs par défaut
agents-kind-chat-hint = Discussion : peut appeler des outils
agents-kind-app-hint = Application : ne reçoit aucun outil
agents-removed-account = Compte supprimé (le modèle par défaut répond)
agents-beyond-text = Au-delà du texte
agents-web-search = Rechercher sur le web par défaut (la recherche du fournisseur, sources à l’appui)
agents-search-sites = Uniquement ces sites (recherche)
agents-effort-default = Valeur par défaut du fournisseur
agents-effort-low = Faible
agents-effort-medium = Moyen
agents-effort-high = Élevé
agents-make-images = Créer des images (le modèle peut répondre avec des images)
agents-app-no-tools = Un agent de type application ne reçoit aucun outil : aucun n’est proposé à son modèle.
agents-tool-rounds = Nombre maximal de tours d’outils par réponse
agents-voice = Voix
agents-auto-read = Lire les réponses à voix haute dès qu’elles sont terminées
agents-its-voice = Sa voix
agents-voice-placeholder = Comme dans Paramètres → Voix (une voix du fournisseur comme alloy, ou le nom d’une voix du navigateur)
agents-problem-no-name = Donnez un nom à l’agent.
agents-problem-section-names = Corrigez les noms de section signalés ci-dessus.
agents-problem-rounds = Saisissez un nombre entier de tours d’outils compris entre 1 et 100.
agents-conflict-deleted = Cet agent a été modifié ailleurs depuis que vous l’avez ouvert : il a été supprimé. Enregistrez votre version pour le conserver, ou abandonnez-la.
agents-conflict-changed = Cet agent a été modifié ailleurs depuis que vous l’avez ouvert. Enregistrez votre version par-dessus, ou abandonnez-la.
agents-save-mine-anyway = Enregistrer ma version quand même
agents-discard-mine = Abandonner ma version
agents-your-sections = Vos sections
agents-sections-hint = Chaque section remplit la variable qui porte son nom : écrivez { $placeholder } dans le gabarit, là où son texte doit aller. Entourée de { $tags }, une section laissée vide est retirée avec ses balises.
agents-unnamed = (sans nom)
agents-section-legend = Section { $name }
agents-section-name = Nom de la section
agents-section-text = Texte de la section
agents-remove-section = Retirer la section
agents-remove-section-named = Retirer la section { $name }
agents-add-section = Ajouter une section
agents-preview = Aperçu
agents-preview-intro = Le prompt système avec les valeurs du jour, tel que la prochaine requête l’enverra :
agents-preview-size =
    { $chars ->
        [one] { $chars } caractère
       *[other] { $chars } caractères
    } · environ { $tokens } jetons
agents-no-system-message = Aucun message système n’est envoyé.
agents-unknown-placeholder-title = Variable inconnue : envoyée telle quelle
agents-builtin-tools = Outils intégrés
agents-your-tools = Vos outils
agents-no-user-tools = Aucun pour l’instant : vous les créez dans la fenêtre Outils.
agents-imported-tool = Importé : examinez son code puis autorisez-le dans la fenêtre Outils avant qu’un agent puisse l’appeler.
agents-ask-before-running = Demander avant d’exécuter
agents-ask-before-running-tool = Demander avant d’exécuter { $tool }
agents-mcp-server-tools = Outils du serveur MCP { $server }
agents-mcp-server-off = Ses outils ne sont pas proposés : le serveur est désactivé dans la fenêtre Outils.
agents-mcp-no-tools = Aucun outil listé pour l’instant : utilisez « Vérifier » dans la fenêtre Outils.
agents-mcp-tools-cost =
    { $count ->
        [one] { $count } outil choisi : environ { $tokens } jetons dans chaque requête.
       *[other] { $count } outils choisis : environ { $tokens } jetons dans chaque requête.
    }
agents-mcp-tools-cost-heavy =
    { $count ->
        [one] { $count } outil choisi : environ { $tokens } jetons dans chaque requête, soit plus d’un dixième de la fenêtre de contexte du modèle ({ $window } jetons). Choisissez-en moins pour laisser de la place à la conversation.
       *[other] { $count } outils choisis : environ { $tokens } jetons dans chaque requête, soit plus d’un dixième de la fenêtre de contexte du modèle ({ $window } jetons). Choisissez-en moins pour laisser de la place à la conversation.
    }
shortcuts-heading = Raccourcis clavier
shortcuts-hint = Sur Mac, Alt correspond à la touche Option. Les raccourcis fonctionnent aussi dans la zone de message, sauf ? (à taper en dehors des champs de texte).
shortcuts-action = Action
shortcuts-keys = Touches
shortcuts-question-mark = Ouvrir cette liste avec ? (une seule touche ; Ctrl+/ fonctionne toujours)
shortcuts-focus-composer = Aller à la zone de message
shortcuts-stop = Arrêter la réponse
shortcuts-regenerate = Régénérer la dernière réponse
shortcuts-copy-last = Copier la dernière réponse
shortcuts-toggle-sidebar = Afficher ou masquer les conversations
shortcuts-open-settings = Ouvrir les paramètres
shortcuts-dictate = Dicter, ou arrêter la dictée
shortcuts-show-help = Afficher ces raccourcis
shortcuts-help-keys = ? ou Ctrl+/
shortcuts-send = Envoyer le message
shortcuts-new-line = Aller à la ligne
shortcuts-attach-file = Joindre un fichier du projet (dans la zone de message)
shortcuts-no-reply = Aucune réponse en cours de rédaction
shortcuts-wait-reply = Attendez la fin de la réponse
shortcuts-nothing-to-regenerate = Aucune réponse à régénérer
shortcuts-copied = Dernière réponse copiée
shortcuts-copy-denied = Le navigateur n’a pas autorisé la copie
shortcuts-nothing-to-copy = Aucune réponse à copier pour l’instant

## tools

tools-project-files-added =
    { $n ->
        [one] { $n } fichier ajouté.
       *[other] { $n } fichiers ajoutés.
    }
tools-project-files-hint = Fichiers texte que l’outil de lecture des fichiers du projet peut lire. Ils restent dans ce navigateur.
tools-project-file-characters =
    { $count ->
        [one] { $count } caractère
       *[other] { $count } caractères
    }
tools-project-file-remove = Retirer { $name }
tools-remove = Retirer
tools-add-project-files = Ajouter des fichiers au projet (.md, .txt)
tools-save-failed = L’outil n’a pas pu être enregistré : { $error }
tools-file-not-text = { $name } n’a pas été ajouté : seuls les fichiers .md et .txt (ainsi que .markdown) peuvent être des fichiers du projet.
tools-file-too-long =
    { $limit ->
        [one] { $name } n’a pas été ajouté : il dépasse la limite de { $limit } caractère.
       *[other] { $name } n’a pas été ajouté : il dépasse la limite de { $limit } caractères.
    }
tools-file-binary = { $name } n’a pas été ajouté : ce n’est pas un fichier texte (il contient des octets qui ne sont pas du texte UTF-8).
tools-file-exists = Un fichier du projet nommé { $name } existe déjà avec un autre contenu. Renommez le fichier, ou retirez d’abord le fichier du projet dans Outils.
tools-file-unreadable = { $name } n’a pas été ajouté : le navigateur n’a pas pu le lire.
tools-switched-off = Le modèle a appelé { $tool }, qui est désactivé pour { $agent } : l’outil n’a donc pas été exécuté.
tools-switched-on = { $tool } est désormais activé pour { $agent }. Régénérez la réponse ou renvoyez le message pour l’utiliser.
tools-waiting-for-your-approval = En attente de votre approbation
tools-running = Exécution de { $tool }…
tools-thinking = Réflexion…
tools-used =
    { $n ->
        [one] { $n } outil utilisé
       *[other] { $n } outils utilisés
    }
tools-switch-on = Activer { $tool } pour cet agent
tools-tool-calls = Appels d’outils
tools-no-tool-used = Aucun outil utilisé pour l’instant.
tools-link-read = Lire { $name }
tools-link-reading = Lecture de { $uri }…
tools-link-attached = { $uri } est joint à votre prochain message.
tools-link-unreadable = { $uri } n’a pas pu être lu : { $error }
tools-link-read-title = La lire depuis son serveur et joindre son texte à votre prochain message
tools-links-heading = Ressources liées
tools-approval-question-mcp = L’assistant veut exécuter { $tool } du serveur MCP { $server } avec ces arguments :
tools-approval-question-fetch = L’assistant veut exécuter { $tool } pour récupérer cette URL :
tools-approval-question = L’assistant veut exécuter { $tool } avec ces arguments :
tools-approval-always-allow = Toujours autoriser { $tool } pour cet agent
tools-approval-label = Approuver l’appel de { $tool }
tools-allow = Autoriser
tools-deny = Refuser
tools-waiting-for-your-answer = En attente de votre réponse
tools-ask-heading = Le serveur MCP { $server } vous demande
tools-ask-send = Envoyer la réponse
tools-ask-decline = Refuser
tools-ask-fix = Certaines réponses doivent être modifiées avant l’envoi.
tools-ask-none = (aucun)
tools-ask-site = Site
tools-ask-whole-address = Adresse complète
tools-ask-open = Ouvrir { $host }
tools-ask-punycode = Cette adresse est écrite en Punycode : elle peut imiter un site que vous connaissez. Regardez-la de près avant de l’ouvrir.
tools-ask-required = Ce champ est obligatoire.
tools-ask-too-short = Écrivez au moins { $n } caractères.
tools-ask-too-long = Écrivez au plus { $n } caractères.
tools-ask-pattern = Ce n’est pas sous la forme demandée par le serveur.
tools-ask-email = Écrivez une adresse e-mail, comme name@example.com.
tools-ask-uri = Écrivez une adresse complète, comme https://example.com.
tools-ask-date = Écrivez une date, comme 2026-01-31.
tools-ask-date-time = Écrivez une date et une heure, comme 2026-01-31T09:30:00Z.
tools-ask-number = Écrivez un nombre.
tools-ask-whole = Écrivez un nombre entier.
tools-ask-below = Écrivez { $n } ou plus.
tools-ask-above = Écrivez { $n } ou moins.
tools-ask-option = Choisissez l’une des options.
tools-ask-too-few = Choisissez-en au moins { $n }.
tools-ask-too-many = Choisissez-en au plus { $n }.
tools-tool-deleted = Cet outil a été supprimé.
tools-editor-name = l’éditeur d’outil
tools-saved-not-offered = Enregistré, mais non proposé au modèle tant que ce n’est pas corrigé : { $error }
tools-editor = Éditeur d’outil
tools-description = Description
tools-description-placeholder = Compte les mots d’un texte.
tools-parameters = Paramètres (JSON Schema)
tools-javascript = JavaScript (le corps d’une fonction async recevant args)
tools-uses-network = Utilise le réseau
tools-uses-network-hint = Permet au code d’accéder à Internet. Ses appels demandent alors confirmation avant de s’exécuter, sauf si vous les autorisez. Sans cette option, le réseau est fermé au code.
tools-save-tool = Enregistrer l’outil
tools-delete-tool = Supprimer l’outil
tools-intro = Vos propres outils, ainsi que les fichiers du projet que lit l’outil de lecture de fichiers, sont partagés par tous les agents. Les outils s’exécutent dans ce navigateur ; le JavaScript s’exécute dans un bac à sable, sans accès aux données de Hearth. Les outils qu’un agent peut appeler, et ceux qui demandent confirmation avant de s’exécuter, se règlent dans l’agent.
tools-open-agents = Ouvrir Agents
tools-none-yet = Aucun pour l’instant. Un outil se compose d’un nom, d’une description, d’un schéma JSON de ses arguments et de code JavaScript qui les reçoit dans args.
tools-allow-imported = Autoriser l’outil importé { $tool }
tools-edit-tool = Modifier { $tool }
tools-imported-note = Importé : non proposé au modèle tant que vous n’avez pas examiné son code (Modifier) et ne l’avez pas autorisé.
tools-new-tool = Nouvel outil
tools-status-waiting = En attente d’approbation
tools-status-running = Exécution…
tools-status-not-run = Non exécuté
tools-error = Erreur
tools-status-done = Terminé
tools-call-progress = Progression de { $tool }
tools-result = Résultat
tools-call-copy = Copier l’appel de { $tool }
tools-arguments = Arguments
tools-call-duration-ms = { $ms } ms
tools-call-duration-seconds = { $seconds } s
tools-media-image-not-shown = Une image de type { $mime }, non affichée.
tools-media-file-not-shown = Un fichier de type { $mime }, non affiché.
tools-media-image-label = Image { $number } renvoyée par { $tool }
tools-media-sound-label = Son { $number } renvoyé par { $tool }
tools-media-image-gone = L’image n’est plus stockée.
tools-media-sound-gone = Le son n’est plus stocké.
voice-asking-for-microphone = Demande d’accès au micro…
voice-listening = Écoute (reconnaissance du navigateur). Arrêtez, ou faites une pause, pour placer les mots dans la zone de message.
voice-recording = Enregistrement. Arrêtez, ou faites une pause, pour placer les mots dans la zone de message.
voice-transcribing = Conversion de la parole en texte…
voice-not-loaded-retry = La voix n’a pas pu être chargée (connexion interrompue ?) ; appuyez sur le bouton du micro pour réessayer.
voice-heard = Entendu : { $words }
voice-microphone-level = Niveau du micro
voice-time-recorded = Durée enregistrée
voice-keep-as-note = Garder comme note vocale
voice-try-again = Réessayer
voice-note-not-loaded = Pas de transcription : la voix n’a pas pu être chargée ({ $error }).
voice-not-loaded = La voix n’a pas pu être chargée : { $error }
voice-talk-connecting = Connexion à { $name }…
voice-talk-answering = { $name } répond. Parlez pour l’interrompre.
voice-talk-hands-free = Échange vocal avec { $name } : parlez quand vous voulez.
voice-talk-hold = Échange vocal avec { $name } : maintenez « Maintenir pour parler » pendant que vous parlez.
voice-talk-you = Vous : { $words }
voice-hands-free = Mains libres
voice-hold-to-talk = Maintenir pour parler
voice-end-talk = Terminer l’échange vocal
voice-talk-microphone-gone = Le micro n’est plus disponible (débranché, ou autorisation retirée) ; ce qui a été dit est conservé.
voice-talk-choose-model = Choisissez d’abord un modèle pour cette conversation : « Parler » utilise son compte.
voice-talk-keys-locked = Les clés API sont verrouillées ; déverrouillez-les pour parler.
voice-talk-unsupported-account = « Parler » fonctionne avec un compte Gemini (via sa Live API) ou OpenAI (via sa Realtime API) ; { $name } n’est ni l’un ni l’autre. Passez cette conversation sur l’un de leurs modèles pour parler.
voice-talk-gemini-refused = Ce navigateur a refusé de se connecter à la Live API de Gemini.
voice-talk-no-secret = La réponse d’OpenAI ne contenait pas de secret de session ; réessayez dans un instant.
voice-talk-call-lost = L’appel avec OpenAI a été perdu (problème de réseau, ou appel terminé par OpenAI) ; ce qui a été dit est conservé.
voice-talk-call-refused = Ce navigateur n’a pas pu passer l’appel ({ $error }) ; réessayez, ou parlez depuis un autre navigateur.
voice-talk-answer-unusable = La réponse d’OpenAI à l’appel était inutilisable ({ $error }) ; réessayez dans un instant.
voice-talk-no-realtime = Ce compte ne propose pas de Realtime API (il a répondu : { $answer }). « Parler » fonctionne avec OpenAI lui-même et avec Gemini.
voice-talk-call-refused-by-openai = OpenAI a refusé l’appel : { $answer }
voice-stopped = L’opération a été arrêtée.
voice-no-answer-minute = Aucune réponse n’est arrivée en une minute.
voice-no-answer-three-minutes = Aucune réponse n’est arrivée en trois minutes.
voice-note-browser-recognition = Pas de transcription : la reconnaissance intégrée du navigateur n’entend que le micro. Pour faire transcrire les notes vocales, choisissez un compte de dictée dans Paramètres → Voix.
voice-note-no-account = Pas de transcription : choisissez un compte de dictée dans Paramètres → Voix pour faire transcrire les notes vocales.
voice-note-no-transcript = Pas de transcription : { $why }
voice-note-nothing-heard = Pas de transcription : aucun mot n’y a été entendu.
voice-note-stopped = Pas de transcription : elle a été arrêtée.
voice-settings-unreadable = Les paramètres de voix n’ont pas pu être lus : { $error }
voice-no-dictation-account = Choisissez qui convertit votre parole en texte dans Paramètres → Voix ; rien n’a été enregistré.
voice-no-reading-account = Choisissez le compte qui lit à voix haute dans Paramètres → Voix.
voice-dictation-account-gone = Le compte choisi pour la dictée n’existe plus ; choisissez-en un autre dans Paramètres → Voix.
voice-reading-account-gone = Le compte choisi pour la lecture à voix haute n’existe plus ; choisissez-en un autre dans Paramètres → Voix.
voice-keys-locked-dictation = Les clés API sont verrouillées ; déverrouillez-les pour dicter.
voice-keys-locked-reading = Les clés API sont verrouillées ; déverrouillez-les pour lire à voix haute.
voice-no-device-model = Le navigateur n’a pas pu obtenir son modèle vocal pour { $language } afin de reconnaître la parole sur cet appareil (il le télécharge auprès de son éditeur la première fois). Rien n’a été enregistré ; choisissez un compte dans Paramètres → Voix, ou réessayez en ligne.
voice-microphone-gone = Le micro n’est plus disponible ; ce qui a été enregistré jusque-là se trouve dans la zone de message.
voice-nothing-heard = Rien n’a été entendu dans l’enregistrement.
voice-not-kept = L’enregistrement n’a pas pu être conservé comme note vocale (ce navigateur n’a pas pu le stocker).
voice-not-transcribed = L’enregistrement n’a pas pu être converti en texte : { $why } Il est conservé : « Réessayer » le renvoie.
voice-cancelled = Arrêté avant le retour du texte. L’enregistrement est conservé : « Réessayer » le renvoie.
voice-nothing-to-read = Cette réponse ne contient rien à lire à voix haute (seulement du code, des formules ou des images).
voice-no-browser-voice = Ce navigateur n’a pas de voix propres ; choisissez la voix du fournisseur dans Paramètres → Voix.
voice-browser-would-not-speak = Le navigateur a refusé de parler.
voice-not-spoken = La réponse n’a pas pu être lue à voix haute : { $why }
voice-getting-device-model = Récupération du modèle vocal du navigateur pour { $language }…

## mcp

mcp-servers = Serveurs MCP
mcp-servers-hint = Des outils fournis par des serveurs qui parlent le Model Context Protocol sur HTTP. Ce navigateur s’y connecte directement : un serveur doit donc autoriser l’origine de cette page (CORS). Un agent propose leurs outils dès que vous les choisissez dans l’agent, et chaque appel demande d’abord confirmation tant que vous ne l’avez pas autorisé.
mcp-servers-none = Aucun pour l’instant.
mcp-status-sealed-elsewhere = Ses valeurs d’en-tête et sa connexion scellées ne s’ouvrent pas avec cette phrase secrète. Retirez le serveur et ajoutez-le à nouveau.
mcp-status-not-reached = Non contacté depuis le chargement de la page. « Vérifier » s’y connecte.
mcp-status-connecting = Connexion…
mcp-status-failed = Échec : { $error }
mcp-status-signing-in = Identification en cours : terminez dans la fenêtre qui s’est ouverte.
mcp-offer-tools-of = Proposer les outils de { $server }
mcp-offer-its-tools = Proposer ses outils
mcp-unlock-to-use = Déverrouiller pour utiliser { $server }
mcp-check-server = Vérifier { $server }
mcp-check = Vérifier
mcp-sign-in-again-to = Se reconnecter à { $server }
mcp-sign-in-to = Se connecter à { $server }
mcp-sign-in-again = Se reconnecter
mcp-sign-in = Se connecter
mcp-sign-out-of = Se déconnecter de { $server }
mcp-sign-out = Se déconnecter
mcp-remove-server = Retirer { $server }
mcp-tool-count =
    { $count ->
        [one] { $count } outil
       *[other] { $count } outils
    }
mcp-tools-tokens =
    { $tokens ->
        [one] Ensemble, ils ajoutent environ { $tokens } jeton à chaque requête d’un agent qui les propose.
       *[other] Ensemble, ils ajoutent environ { $tokens } jetons à chaque requête d’un agent qui les propose.
    }
mcp-copy-headers = Copier les en-têtes dont { $server } a besoin
mcp-doctor-advice = Que faire pour { $server }
mcp-server-not-saved = Le serveur MCP n’a pas pu être enregistré : { $error }
mcp-server-stored-sealed = sa valeur d’en-tête ou sa connexion n’est stockée que sous forme scellée : déverrouillez d’abord vos clés API
mcp-enter-address = Saisissez l’adresse du serveur.
mcp-enter-http-address = Saisissez une adresse http:// ou https://, par exemple https://example.com/mcp.
mcp-header-value-locked = Déverrouillez d’abord vos clés API : lorsque le verrou des clés est actif, une valeur d’en-tête n’est stockée que scellée avec elles.
mcp-add-server-form = Ajouter un serveur MCP
mcp-server-url = URL du serveur
mcp-server-name-hint = Le début du nom de ses outils. Son nom d’hôte s’il est laissé vide.
mcp-header-name = Nom de l’en-tête (facultatif)
mcp-header-value = Valeur de l’en-tête
mcp-header-value-hint = Envoyée avec chaque requête à ce serveur uniquement, comme la clé d’un fournisseur.
mcp-sign-in-client = Client de connexion (facultatif)
mcp-sign-in-client-hint = Uniquement pour un serveur dont la connexion n’enregistre pas Hearth d’elle-même : l’identifiant client (et le secret) que son propriétaire vous a fournis.
mcp-oauth-client-id = ID client OAuth
mcp-oauth-client-secret = Secret client OAuth
mcp-oauth-client-secret-hint = Envoyé uniquement au service de connexion du serveur, jamais inclus dans une sauvegarde.
mcp-add-server = Ajouter le serveur
mcp-prompts-and-resources = Prompts et ressources
mcp-prompts-and-resources-title = Prompts et ressources de vos serveurs MCP
mcp-picker-hint = Un prompt est placé dans la zone de message, pour être relu et modifié avant l’envoi. Une ressource est jointe à votre prochain message, avec son texte actuel.
mcp-picker-no-server = Aucun serveur MCP n’est activé. Ajoutez-en un dans Outils.
mcp-asking-server = Interrogation du serveur…
mcp-offers-nothing = Il ne propose ni prompts ni ressources.
mcp-prompts = Prompts
mcp-resources = Ressources
mcp-prompts-of = Prompts de { $server }
mcp-resources-of = Ressources de { $server }
mcp-getting-prompt = Récupération du prompt { $prompt }…
mcp-prompt-parts-left-out =
    { $count ->
        [one] Le prompt { $prompt } contient aussi { $count } image, son ou fichier qui ne peut pas aller dans un message ; il a été laissé de côté.
       *[other] Le prompt { $prompt } contient aussi { $count } images, sons ou fichiers qui ne peuvent pas aller dans un message ; ils ont été laissés de côté.
    }
mcp-reading-resource = Lecture de { $uri }…
mcp-resource-parts-left-out =
    { $count ->
        [one] { $uri } : { $count } élément binaire a été laissé de côté (seul le texte est joint).
       *[other] { $uri } : { $count } éléments binaires ont été laissés de côté (seul le texte est joint).
    }
mcp-prompt-form = Le prompt { $prompt }
mcp-fill-in = Remplissez : { $fields }.
mcp-insert = Insérer
mcp-back = Retour
mcp-argument-required = { $argument } (obligatoire)
mcp-resource-form = La ressource { $resource }
mcp-template-unusable = Ce gabarit ne peut pas être utilisé : { $error }.
mcp-template-address = Adresse :
mcp-attach = Joindre
mcp-failure-unreachable = Le serveur n’a pas pu être joint ({ $detail }). Vérifiez l’adresse, que le serveur est en marche et qu’il autorise l’origine de cette page (CORS).
mcp-failure-redirected = Le serveur a répondu par une redirection, que Hearth ne suit pas (vos en-têtes ne vont qu’à l’adresse que vous avez définie). Utilisez l’adresse vers laquelle il redirige.
mcp-failure-more-access = Le serveur demande plus d’accès que votre connexion n’en accorde. Reconnectez-vous dans Outils, Serveurs MCP.
mcp-failure-sign-in = Le serveur vous demande de vous connecter : utilisez « Se connecter » dans Outils, Serveurs MCP.
mcp-failure-refused = Le serveur a refusé l’accès (HTTP 401/403). Vérifiez ses en-têtes (une clé API ?). { $body }
mcp-failure-status = Le serveur a répondu HTTP { $status }. { $body }
mcp-failure-rpc = Le serveur a répondu par une erreur ({ $code }) : { $message }
mcp-failure-not-mcp = La réponse du serveur n’est pas du MCP : { $reason }.
mcp-failure-no-answer = Le serveur a terminé sa réponse sans résultat.
mcp-failure-stopped = Arrêté par l’utilisateur.
mcp-code-not-loaded = Le code MCP de Hearth n’a pas pu être chargé ({ $why }).
mcp-failure-timed-out =
    { $seconds ->
        [one] Le serveur est resté muet pendant { $seconds } seconde.
       *[other] Le serveur est resté muet pendant { $seconds } secondes.
    }
mcp-failure-gone = Le serveur a mis fin à la session.
mcp-failure-prompt = Le prompt ne peut pas être utilisé : { $error }.
mcp-failure-resource = La ressource ne peut pas être jointe : { $error }.
mcp-failure-removed = Le serveur MCP ne figure plus dans Outils.
mcp-failure-switched-off = Le serveur MCP est désactivé dans Outils.
mcp-failure-locked = Ses valeurs d’en-tête et sa connexion sont scellées avec la phrase secrète de vos clés API : déverrouillez vos clés API pour utiliser ce serveur.
mcp-sign-in-failed = La connexion a échoué : { $error }.
mcp-sign-in-unreachable = La connexion a échoué : pas de réponse à cette page depuis { $what }, à l’adresse { $url }. Le service est peut-être indisponible, ou il n’autorise pas les pages de navigateur (CORS) ; dans ce cas, aucun client de navigateur ne peut s’y connecter : demandez à son propriétaire d’autoriser cette origine.
mcp-sign-in-no-metadata = La connexion a échoué : le serveur ne publie pas { $what }.
mcp-sign-in-locked = Déverrouillez d’abord vos clés API : lorsque le verrou des clés est actif, une connexion n’est stockée que scellée avec elles.
mcp-what-registration-endpoint = le point de terminaison d’enregistrement
mcp-what-token-endpoint = le point de terminaison des jetons
mcp-what-server-metadata = les métadonnées du serveur d’autorisation
## An MCP App's view in a reply's tool widget (src/mcp/mcp_app.rs, mcp_app/, src/mcp/state/app_host.rs)
# The view's region name; $tool is the tool's name, $server the MCP server's
mcp-app-label = Application de { $tool } fournie par { $server }
# Stands for the server's name when the server was removed from Hearth
mcp-app-server-removed = un serveur qui a été retiré
# The accessible name of the view's frame
mcp-app-frame-title = Application de { $tool }
mcp-app-close = Fermer l’application
mcp-app-show = Afficher l’application
mcp-app-show-again = Afficher à nouveau l’application
mcp-app-closed = L’application est fermée.
# $origins is a list of web origins, such as https://unpkg.com
mcp-app-reaches = Une fois affichée, cette application pourra se connecter à { $origins }.
# $why says why, in the words of Hearth's core (English)
mcp-app-failed = L’application ne peut pas être affichée : { $why }
mcp-app-missing = Cet appareil n’a pas la page de l’application.
# $server is the MCP server's name
mcp-app-fetch = La récupérer depuis { $server }
mcp-app-missing-removed = Cet appareil n’a pas la page de l’application, et son serveur a été retiré.
# A question: the view asks to call one of its server's tools
mcp-app-asks-to-run = L’application demande à exécuter { $tool } sur { $server }
mcp-app-run = Exécuter
mcp-app-run-always = Exécuter, et désormais toujours autoriser { $tool } pour cette application
mcp-app-dont-run = Ne pas exécuter
mcp-app-asks-to-open = L’application demande à ouvrir une page
# $host is the site's host name, such as example.com
mcp-app-open-link = Ouvrir { $host }
mcp-app-dont-open = Ne pas ouvrir
mcp-app-call-not-run = { $tool } n’a pas été exécuté.
# $error is why, already a sentence
mcp-app-call-failed = { $tool } a échoué : { $error }
mcp-app-draft = L’application a placé un message dans votre zone de message. Envoyez-le si vous le souhaitez.
mcp-app-draft-left-out =
    { $count ->
        [one] L’application a placé un message dans votre zone de message ({ $count } élément qui n’est pas du texte a été laissé de côté). Envoyez-le si vous le souhaitez.
       *[other] L’application a placé un message dans votre zone de message ({ $count } éléments qui ne sont pas du texte ont été laissés de côté). Envoyez-le si vous le souhaitez.
    }
mcp-app-flooded = L’application a envoyé plus de messages que Hearth n’en lit ; les autres ont été ignorés.
mcp-app-unreadable = L’application a envoyé un message que Hearth ne peut pas lire ; il a été ignoré.
mcp-app-call-refused = L’application a demandé à appeler { $tool }, qui ne fait pas partie des outils que son serveur permet aux applications d’appeler ; la demande a été refusée.
mcp-app-link-refused = L’application a demandé à ouvrir { $url }, qui n’est pas une adresse web ; la demande a été refusée.
mcp-app-empty-message = L’application a envoyé un message sans texte ; il a été refusé.
# $method is a protocol method's name, such as ui/open-link
mcp-app-invalid = L’application a demandé { $method } avec des paramètres que cette méthode n’accepte pas ; la demande a été refusée.
mcp-app-not-sandboxed = Le cadre de l’application n’était pas isolé dans un bac à sable : elle n’a donc rien exécuté.
mcp-app-restarted = L’application a remplacé sa page, elle a donc été arrêtée. Affichez-la à nouveau pour la relancer.
mcp-app-newer = Cette app a été gardée par une version plus récente de Hearth, qui l’affiche.
apps-show-version = Afficher la version { $version } de l’application
apps-preview-heading = Aperçu de l’application · version { $version } sur { $count }
apps-frame-title = Aperçu de l’application, version { $version }
apps-tab-title = Application, version { $version }
apps-new-tab-failed = L’application n’a pas pu s’ouvrir dans un nouvel onglet : { $reason }.
apps-download-failed = L’application n’a pas pu être téléchargée : { $reason }.
apps-reload-app = Recharger l’application
apps-reload = Recharger
apps-open-in-new-tab = Ouvrir l’application dans un nouvel onglet
apps-new-tab = Nouvel onglet
apps-download-app = Télécharger l’application
apps-download-app-title = Télécharger l’application en fichier HTML
apps-block-network = Bloquer le réseau
apps-allow-network = Autoriser le réseau
apps-block-network-for-app = Bloquer le réseau pour cette application
apps-allow-network-for-app = Autoriser le réseau pour cette application
apps-close-preview = Fermer l’aperçu
apps-network-allowed = Réseau autorisé pour cette application.
apps-runs-offline = S’exécute hors ligne dans un bac à sable : pas de réseau, pas d’accès aux données de Hearth.
apps-allow-network-confirm = Autoriser cette application à utiliser le réseau ? Elle pourra alors charger des fichiers depuis Internet et envoyer ce que vous y saisissez à n’importe quel serveur. Les données et les clés de Hearth restent hors de sa portée. Ce choix s’applique à toutes les versions de l’application dans cette conversation.
apps-error-not-sent = L’erreur n’a pas été envoyée : attendez la fin de la réponse.
apps-error-reported = L’application a signalé une erreur : { $error }
apps-show-preview = Afficher l’aperçu de l’application
apps-did-not-run = L’application ne s’est pas exécutée : { $reason }.
apps-cannot-run = L’application ne peut pas s’exécuter : { $reason }.
apps-errors-heading = Erreurs dans l’application
apps-error-on-line = Ligne { $line } : { $error }
apps-error-source = Dans :
apps-send-error = Envoyer cette erreur à l’agent
store-no-storage-export = Le stockage n’est pas disponible : il n’y a donc rien à exporter.
store-no-storage-import = Le stockage n’est pas disponible : rien ne peut donc être importé.
store-no-storage = Le stockage n’est pas disponible.
store-nothing-imported = Rien n’a été importé : { $why }
store-import-bad-backup = Rien n’a été importé : { $error }.
store-knowledge-failed = Les bases de connaissances n’ont pas pu être lues ou écrites : { $error }.
store-knowledge-summary = Bases de connaissances : { $bases }, avec { $files } fichiers (relus ici ; ce qui est déjà ici reste tel quel)
store-import-not-text = Rien n’a été importé : le fichier n’est ni du texte, ni une sauvegarde, ni un .zip
store-import-unrecognised = Rien n’a été importé : ce fichier n’est ni une sauvegarde Hearth ni un export ChatGPT. { $reason }
store-import-changed-meanwhile = Rien n’a été importé : les données stockées ont changé pendant l’examen de l’import (dans un autre onglet). Importez à nouveau le fichier pour voir ce qu’il modifierait maintenant.
store-import-damaged-attachment = Rien n’a été importé : une image ou un PDF du fichier est endommagé (ses octets ne correspondent pas à son empreinte).
store-too-large-for-zip = la conversation est trop volumineuse pour un zip
store-zip-no-conversations = le .zip ne contient pas de conversations.json : ce n’est donc pas un export ChatGPT
store-conversations-not-text = son conversations.json n’est pas du texte
store-cannot-unpack-zip = ce navigateur ne sait pas décompresser les fichiers .zip ; décompressez-le vous-même et choisissez conversations.json
store-entry-cut-short = { $file } est tronqué
store-entry-too-large = { $file } est trop volumineux pour être importé
store-entry-longer-than-declared = { $file } est endommagé (une fois décompressé, il dépasse la taille annoncée)
store-entry-damaged = { $file } est endommagé
store-entry-checksum = { $file } est endommagé (sa somme de contrôle ne correspond pas)
store-entry-method = { $file } est compressé d’une manière que Hearth ne sait pas décompresser ({ $method })
store-exported =
    Export terminé : { $conversations ->
        [one] { $conversations } conversation
       *[other] { $conversations } conversations
    }, { $messages ->
        [one] { $messages } message
       *[other] { $messages } messages
    }.
store-exported-with-attachments =
    Export terminé : { $conversations ->
        [one] { $conversations } conversation
       *[other] { $conversations } conversations
    }, { $messages ->
        [one] { $messages } message
       *[other] { $messages } messages
    }, { $attachments ->
        [one] { $attachments } pièce jointe
       *[other] { $attachments } pièces jointes
    }.
store-import-backup-heading = Importer cette sauvegarde ?
store-import-chatgpt-heading = Importer ces conversations ChatGPT ?
store-chatgpt-changed = Modifié en cours de route : { $changes }.
store-chatgpt-skipped = Non importé depuis ChatGPT : { $skipped }.

## settings

sync-heading = Synchronisation
sync-intro = Synchronisez vos conversations, vos agents, vos paramètres et vos bases de connaissances entre vos appareils via votre propre serveur CouchDB. Les clés API ne sont jamais synchronisées. Le guide explique comment configurer un serveur.
sync-knowledge-held-hint = Il est repris au prochain démarrage de Hearth.
sync-server-address = Adresse du serveur
sync-database = Base de données
sync-user-name = Nom d’utilisateur
sync-password = Mot de passe
sync-encrypt-check = Chiffrer de bout en bout avec une phrase secrète de synchronisation
sync-passphrase = Phrase secrète de synchronisation
sync-passphrase-hint = Utilisez la même phrase secrète sur chaque appareil. Le serveur ne stocke alors que des documents chiffrés ; une phrase secrète perdue ne peut pas être récupérée, et la copie du serveur reste alors illisible.
sync-start = Démarrer la synchronisation
sync-stop = Arrêter la synchronisation
sync-check-server = Vérifier le serveur
sync-unlock-keys-first = Déverrouillez d’abord vos clés API : le verrou des clés scelle aussi le mot de passe de synchronisation.
sync-enter-address-and-database = Saisissez l’adresse du serveur et le nom de la base de données.
sync-address-scheme = L’adresse commence par https:// (ou http:// pour un serveur sur cette machine).
sync-type-passphrase = Saisissez la phrase secrète de synchronisation : elle chiffre tout avant que quoi que ce soit ne quitte cet appareil.
sync-off = La synchronisation est désactivée.
sync-starting = Démarrage…
sync-other-tab = Un autre onglet Hearth synchronise ; celui-ci suit.
sync-syncing = Synchronisation…
sync-live = À jour ; les modifications de chaque côté se synchronisent au fur et à mesure.
sync-retrying = { $why }. Nouvelle tentative : { $time }.
sync-last-synced = Dernière synchronisation : { $time }.
sync-changes-waiting =
    { $n ->
        [one] { $n } modification en attente d’envoi.
       *[other] { $n } modifications en attente d’envoi.
    }
sync-finding-works = Fonctionne :
sync-finding-warning = Avertissement :
sync-finding-problem = Problème :
sync-checking-server = Vérification du serveur…
sync-server-check-list = Vérification du serveur
sync-check-code-not-loaded = Le code de la vérification ne s’est pas chargé ({ $error }).
sync-value-empty = (vide)
sync-shown-now = Valeur affichée :
sync-other-devices-value = Valeur de l’autre appareil :
sync-keep-shown = Garder la valeur affichée
sync-keep-other = Garder celle de l’autre appareil
sync-conflicts-heading = Modifié sur deux appareils
sync-conflicts-hint = Les deux appareils ont modifié ces éléments en même temps. Choisissez la valeur à garder ; l’autre est abandonnée.
sync-conflicts-list = Conflits à résoudre
sync-unreadable-heading = Conservés sans être lus
sync-unreadable-hint = Cette version de Hearth ne peut pas lire ces documents. Ils restent tels quels sur le serveur et sur chaque appareil ; rien ici ne les supprime ni ne les modifie.
sync-unreadable-list = Documents que cette version ne peut pas lire
sync-refused-heading = Non synchronisés
sync-refused-hint = Le serveur les a refusés. Ils restent sur cet appareil ; tout le reste se synchronise.
sync-refused-list = Documents refusés par le serveur
sync-held-why = Raison : { $why }.
sync-held-what-now = Que faire : { $hint }
sync-on-type-passphrase = La synchronisation est activée, chiffrée de bout en bout : saisissez la phrase secrète de synchronisation et appuyez sur « Démarrer la synchronisation ».
sync-code-not-loaded = Le code de synchronisation ne s’est pas chargé ({ $error }).
sync-wrong-passphrase = Cette phrase secrète de synchronisation n’ouvre pas les documents de cette base de données. Saisissez la phrase secrète choisie sur votre premier appareil (une phrase secrète perdue ne peut pas être récupérée : la copie du serveur reste illisible).
sync-encryption-check-damaged = Le contrôle de chiffrement de la base de données ne peut pas être lu ({ $why }).
sync-bad-iv = IV incorrect
sync-encryption-check-refused = le serveur a refusé le contrôle de chiffrement (statut { $status })
sync-encryption-check-answered = le serveur a répondu { $status } au contrôle de chiffrement
sync-settings-unreadable = Les paramètres de synchronisation ne peuvent pas être lus : saisissez-les à nouveau.
sync-no-storage = Le stockage n’est pas disponible dans ce navigateur : il n’y a donc rien à synchroniser.
sync-unlock-keys-then-start = Déverrouillez vos clés API, puis appuyez sur « Démarrer la synchronisation » : le verrou des clés scelle le mot de passe de synchronisation.
sync-type-passphrase-to-start = Saisissez la phrase secrète de synchronisation pour démarrer.
sync-storage-failed = Le stockage de cet appareil a rencontré une erreur.
sync-storage-failed-why = Le stockage de cet appareil a rencontré une erreur : { $why }
sync-database-encrypted = Cette base de données est chiffrée de bout en bout : activez le chiffrement et saisissez sa phrase secrète de synchronisation.
sync-offline = Hors ligne, ou le serveur n’a pas répondu ({ $detail })
sync-redirected = Le serveur a répondu par une redirection, que Hearth ne suit pas : utilisez l’adresse vers laquelle il redirige
sync-records-kept-changing = Les enregistrements n’ont cessé de changer pendant que la synchronisation les écrivait
sync-refused-credentials = Le serveur a refusé le nom d’utilisateur ou le mot de passe ({ $what }). Vérifiez-les dans Paramètres → Synchronisation.
sync-refused-access = Cet utilisateur n’a pas accès à cette base de données ({ $what }). Demandez à son administrateur de l’ajouter aux membres de la base.
sync-refused-access-reason = Cet utilisateur n’a pas accès à cette base de données ({ $what } : { $reason }). Demandez à son administrateur de l’ajouter aux membres de la base.
sync-refused-no-database = La base de données n’existe pas ({ $what }). Créez-la d’abord sur le serveur.
sync-server-answered = { $what } : le serveur a répondu { $status } { $reason }
sync-answer-unreadable = la réponse du serveur n’a pas pu être lue ({ $error })
sync-changes-unreadable = les modifications du serveur n’ont pas pu être lues ({ $error })
sync-documents-unreadable = les documents du serveur n’ont pas pu être lus ({ $error })
sync-doing-opening-database = ouverture de la base de données
sync-doing-reading-checkpoint = lecture d’un point de contrôle
sync-doing-writing-checkpoint = écriture d’un point de contrôle
sync-doing-comparing-revisions = comparaison des révisions
sync-doing-checking-encryption = vérification du chiffrement de bout en bout de la base de données
sync-doing-sending-changes = envoi des modifications
sync-doing-reading-changes = lecture des modifications
sync-doing-fetching-changes = récupération des modifications
sync-doing-fetching-attachments = récupération des pièces jointes
settings-reading-file = Lecture du fichier…
settings-review-import = Vérifiez l’import.
settings-import-cancelled = Import annulé. Rien n’a été modifié.
settings-import-progress = Progression de l’import
settings-import-reading = Lecture du fichier : { $done } sur { $total } enregistrements
settings-import-writing = Écriture : { $done } sur { $total } messages
settings-confirm-delete-all = Supprimer toutes les conversations, toutes les bases de connaissances, tous les paramètres et toutes les clés de ce navigateur ?
settings-all-data-deleted = Toutes les données ont été supprimées.
settings-auto-title = Générer les titres des conversations avec le modèle
settings-stall-timeout = Abandonner une réponse après ce nombre de secondes sans données
settings-stall-timeout-invalid = Saisissez un nombre entier de secondes compris entre 1 et 3600.
settings-backup-heading = Sauvegarde
settings-backup-hint = Tout reste dans ce navigateur. Un fichier de sauvegarde permet de tout restaurer ici ou dans un autre navigateur.
settings-include-keys = Inclure les clés API dans la sauvegarde
settings-export-backup = Exporter une sauvegarde
settings-import-file = Importer une sauvegarde ou un export ChatGPT (.zip ou conversations.json)
settings-danger-zone = Zone de danger
settings-delete-all = Supprimer toutes les données
settings-import-will = Rien n’a encore été modifié. L’import va :
settings-import-confirm = Importer
settings-image-hosts = Charger automatiquement les images de ces hôtes
settings-image-hosts-none = aucun
settings-image-hosts-hint = Séparez les hôtes par des espaces, par exemple : upload.wikimedia.org. Les images des autres hôtes attendent un clic sur « Charger l’image ».
settings-not-a-host = Nom d’hôte non valide : { $hosts }. Rien n’a été modifié.
settings-long-conversations = Longues conversations
settings-long-conversations-hint = Lorsqu’une conversation remplit la fenêtre de contexte de son modèle, les tours les plus anciens sont résumés. Le premier message et les derniers tours sont envoyés tels quels ; chaque message reste stocké et affiché.
settings-compact-at = Compacter à (% de la fenêtre de contexte)
settings-keep-last-turns = Garder les N derniers tours tels quels
settings-summarise-with = Résumer avec
settings-own-model = Le modèle de la conversation
settings-storage = Stockage
settings-storage-counting = Images et PDF : calcul en cours…
settings-storage-attachments =
    { $n ->
        [one] Images et PDF : { $n } fichier, { $size }.
       *[other] Images et PDF : { $n } fichiers, { $size }.
    }
settings-storage-browser = Ce navigateur : Hearth utilise { $used } sur les { $quota } autorisés ({ $share } %).
settings-voice-hint = La dictée n’enregistre que pendant l’appui sur le bouton du micro, et n’envoie l’enregistrement qu’au compte ou au service choisi ici, nulle part ailleurs ; avec le navigateur sur cet appareil, il reste ici.
settings-dictation-with = Convertir la parole en texte avec
settings-dictation-off = Aucun service pour l’instant (la dictée est désactivée)
settings-dictation-browser-service = Le service vocal de ce navigateur (votre voix est envoyée à l’éditeur du navigateur, par exemple Google)
settings-dictation-device = Ce navigateur, sur cet appareil
settings-dictation-device-available = Ce navigateur, sur cet appareil (votre voix reste ici)
settings-dictation-device-downloadable = Ce navigateur, sur cet appareil (votre voix reste ici ; il télécharge d’abord son modèle vocal)
settings-dictation-device-unavailable = Ce navigateur, sur cet appareil (indisponible pour cette langue)
settings-dictation-device-none = Ce navigateur, sur cet appareil (non pris en charge par ce navigateur)
settings-transcription-model = Modèle de transcription
settings-language-spoken = Langue parlée (par exemple fr ou en ; vide : n’importe laquelle)
settings-read-aloud-with = Lire les réponses à voix haute avec
settings-read-aloud-browser = Les voix de ce navigateur (sur cet appareil)
settings-read-aloud-account = L’API vocale d’un compte (elle reçoit le texte de la réponse)
settings-speech-account = Compte de synthèse vocale
settings-choose-account = Choisir un compte
settings-speech-model = Modèle de synthèse vocale
settings-voice-name = Voix (vide : celle par défaut)
settings-voice-browser-default = celle du navigateur
settings-speed = Vitesse
settings-voice-speed = { $speed }×
settings-talk-model = Modèle pour « Parler » (vide : celui de la famille)

composer-more-options = Plus d’options

tools-builtin-current-time = Heure actuelle
tools-builtin-calculator = Calculatrice
tools-builtin-fetch-url = Récupérer une URL
tools-builtin-search-conversations = Rechercher dans mes conversations
tools-builtin-read-project-file = Lire un fichier du projet
tools-builtin-run-javascript = Exécuter du JavaScript
chat-compare-recipe-combine = Combiner en une seule réponse
chat-compare-recipe-table = Comparer dans un tableau
chat-compare-recipe-own = Ma propre instruction
providers-inputs-from-user = selon le réglage dans Fournisseurs
providers-inputs-from-model-list = selon la liste des modèles du fournisseur
providers-inputs-from-refusal = le fournisseur l’a refusé auparavant
providers-inputs-from-documentation = selon la documentation de son fournisseur
language-held = Pas de rechargement maintenant : une réponse arrive encore ou un message n’est pas envoyé. La langue s’appliquera à la prochaine ouverture de Hearth, ou appuyez de nouveau sur Appliquer une fois terminé.

## Knowledge bases (the Knowledge dialog, an agent's bases, a reply's passages, the viewer)

knowledge-top = Connaissances
knowledge-hint = Les bases de connaissances sont vos fichiers, lus et interrogés dans ce navigateur. Un agent doté d’une base reçoit, pour chaque question, les passages qui y correspondent le mieux, avec leurs sources, et peut relancer une recherche. Seuls ces passages accompagnent votre question ; une base vectorisée envoie aussi ses passages au modèle de vectorisation que vous choisissez.
knowledge-none = Aucune base de connaissances pour l’instant.
knowledge-new = Nouvelle base de connaissances
knowledge-new-placeholder = Nom, par exemple Manuel
knowledge-make = Créer
knowledge-add-files = Ajouter des fichiers
knowledge-add-folder = Ajouter un dossier
knowledge-words-only = Recherche par mots seulement (sans vectorisation)
knowledge-use = Utiliser
knowledge-start-embedding = Lancer la vectorisation
knowledge-carry-hint = Les autres appareils, et un navigateur où une sauvegarde est restaurée, les utilisent alors au lieu de vectoriser de nouveau les fichiers.
knowledge-read-again = Relire
knowledge-waiting = En attente de lecture
knowledge-failed = Échec
knowledge-binary = Ignoré : ce n’est pas du texte, quoi qu’en dise son nom.
knowledge-empty = Ignoré : il est vide.
knowledge-mention-base = { $name } (base de connaissances)
knowledge-mention-file = { $name } (dans { $base })
knowledge-not-arrived = En attente de ses données depuis votre autre appareil (synchronisation).
knowledge-encrypted = Ignoré : il est chiffré, son texte ne peut donc pas être lu.
knowledge-zip-bomb = Refusé : une fois décompressé, il serait bien plus gros qu’annoncé (une bombe zip ?).
knowledge-no-text = Échec : aucun texte n’y a été trouvé (un document numérisé ?).
knowledge-gone = Ce fichier n’est plus dans sa base de connaissances ; voici ce que la réponse a reçu :
knowledge-file-text = Le texte du fichier
knowledge-cited = cité
knowledge-agent-bases = Bases de connaissances
knowledge-agent-none = Aucune base de connaissances pour l’instant : créez-en une dans Connaissances.
knowledge-agent-budget = Jetons de passages joints à chaque question
knowledge-problem = Un problème est survenu avec les bases de connaissances : { $detail }
knowledge-removed-files =
    { $count ->
        [one] { $name } a été retiré
       *[other] { $count } fichiers ont été retirés
    }
knowledge-removed-base = La base { $name } a été retirée
knowledge-totals =
    { $files ->
        [one] { $files } fichier
       *[other] { $files } fichiers
    } · { $size } · { $passages ->
        [one] { $passages } passage
       *[other] { $passages } passages
    }
knowledge-add-files-to = Ajouter des fichiers à { $name }
knowledge-add-folder-to = Ajouter un dossier à { $name }
knowledge-remove-base = Retirer { $name }
knowledge-files-of = Fichiers de { $name }
knowledge-embed-account = Vectorisation de { $name }
knowledge-embed-model = Modèle de vectorisation de { $name }
knowledge-carry-vectors = Emporter les vecteurs de { $name } dans les sauvegardes et la synchronisation
knowledge-cost-local = Environ { $tokens } jetons à vectoriser, sur cette machine : gratuit.
knowledge-cost = Environ { $tokens } jetons à vectoriser : environ ${ $dollars } au prix publié.
knowledge-cost-unknown = Environ { $tokens } jetons à vectoriser ; Hearth ne connaît pas le prix de ce modèle.
knowledge-remove-file = Retirer { $name }
knowledge-retry-file = Relire { $name }
knowledge-embedding =
    { $passages ->
        [one] { $passages } passage, en cours de vectorisation
       *[other] { $passages } passages, en cours de vectorisation
    }
knowledge-embedded =
    { $passages ->
        [one] { $passages } passage, vectorisé
       *[other] { $passages } passages, vectorisés
    }
knowledge-embed-failed =
    { $passages ->
        [one] { $passages } passage ; échec de la vectorisation ({ $error }), la recherche s’y fait donc par mots
       *[other] { $passages } passages ; échec de la vectorisation ({ $error }), la recherche s’y fait donc par mots
    }
knowledge-indexed =
    { $passages ->
        [one] { $passages } passage
       *[other] { $passages } passages
    }
knowledge-too-large = Ignoré : { $size }, c’est plus que les { $limit } permis pour un fichier.
knowledge-unsupported = Ignoré : Hearth ne lit pas les fichiers .{ $extension }.
knowledge-malformed = Échec : il est endommagé ou n’est pas ce que son nom indique ({ $detail }).
knowledge-duplicate = Ignoré : le même fichier est déjà ici sous le nom { $of }.
knowledge-too-many = Ignoré : une base contient au plus { $limit } fichiers.
knowledge-open-pdf-page = Ouvrir le PDF à la page { $page }
knowledge-reply-summary =
    { $count ->
        [one] De votre base de connaissances : { $count } passage
       *[other] De votre base de connaissances : { $count } passages
    }
knowledge-open-passage = Ouvrir { $passage }
knowledge-more-files = { $count ->
        [one] …et { $count } autre fichier
       *[other] …et { $count } autres fichiers
    }
knowledge-unlink = Dissocier
knowledge-link-folder = Lier un dossier
knowledge-folder-linked = Tenue à jour avec le dossier { $folder }.
knowledge-folder-allow = Autoriser de nouveau la lecture de { $folder }
knowledge-folder-unlink = Dissocier le dossier de { $name }
knowledge-folder-link = Lier un dossier à { $name }, tenu à jour
knowledge-agent-budget-error = Saisissez un nombre entier de jetons entre 200 et 32000, ou laissez vide pour la valeur par défaut.
