# Hearth's interface in German. Translated from en.ftl; same ids.
## i18n

language = Sprache
language-automatic = Automatisch ({ $name })
language-apply = Übernehmen und neu laden
language-hint = Die Sprache der Oberfläche auf diesem Gerät. Was du und die Modelle schreiben, wird nie übersetzt.
language-failed = Die gewählte Sprache konnte nicht geladen werden, daher wird { $name } angezeigt: { $why }
language-not-kept = Dieser Browser speichert die Auswahl nicht (sein Speicher ist blockiert oder voll).

## chat

app-agents = Agenten
app-tools = Tools
app-settings = Einstellungen
app-conversations = Unterhaltungen
app-show-conversations = Unterhaltungen anzeigen
app-more = Mehr
ui-copied = Kopiert
ui-copy = Kopieren
ui-close = Schließen
ui-retry = Erneut versuchen
chat-messages = Nachrichten
chat-conversation = Unterhaltung
chat-message-you = Du
chat-message-system = System
chat-jump-to-latest = Zur neuesten Nachricht
chat-conversation-not-found = Unterhaltung nicht gefunden
chat-conversation-not-found-detail = Diese Adresse verweist auf eine Unterhaltung, die es in diesem Browser nicht gibt. Sie wurde vielleicht gelöscht oder in einem anderen Browser erstellt: Unterhaltungen werden nur in dem Browser gespeichert, in dem sie entstanden sind.
chat-start-new-chat = Neuen Chat beginnen
chat-add-provider-to-start = Füge zum Start einen Anbieter hinzu: OpenAI, Anthropic, Gemini oder einen beliebigen OpenAI-kompatiblen Server, auch Ollama oder LM Studio auf diesem Computer.
chat-set-up-provider = Anbieter einrichten
chat-welcome-heading = Wie kann ich dir heute helfen?
chat-suggestions = Vorschläge
chat-suggestion-explain = Etwas einfach erklären
chat-suggestion-explain-prompt = Erkläre in einfachen Worten, wie HTTPS eine Verbindung privat hält.
chat-suggestion-code = Code schreiben
chat-suggestion-code-prompt = Schreibe eine Funktion, die prüft, ob eine Zeichenkette ein Palindrom ist, mit Tests.
chat-suggestion-summarise = Einen Text zusammenfassen
chat-suggestion-summarise-prompt = Fasse diesen Text in drei Stichpunkten zusammen:
chat-suggestion-plan = Ein Wochenende planen
chat-suggestion-plan-prompt = Hilf mir, ein entspanntes Wochenende außer Haus zu planen. Frag mich zuerst, was mir Spaß macht.
chat-welcome-privacy = Nichts verlässt diesen Browser außer der Anfrage an deinen Anbieter.
chat-open-conversation = Geöffnete Unterhaltung
chat-export-markdown = Als Markdown exportieren
chat-branches = Zweige
chat-branches-tooltip = Jede Stelle, an der sich diese Unterhaltung verzweigt, um jeden Zweig anzuzeigen
chat-export-versions-tooltip = Der angezeigte Zweig, dann jede andere Version als Anhang
chat-export-with-versions = Mit anderen Versionen exportieren
chat-clear-already-empty = Die Unterhaltung ist bereits leer
chat-clear-tooltip = Alle ihre Nachrichten löschen
chat-clear-conversation = Unterhaltung leeren
chat-clear-confirm = Die Unterhaltung „{ $title }“ leeren? Alle ihre Nachrichten werden gelöscht; die Unterhaltung bleibt leer in der Liste. Dies kann nicht rückgängig gemacht werden.
chat-summary-divider = Frühere Nachrichten zusammengefasst
chat-summary-divider-count =
    { $n ->
        [one] Frühere Nachrichten zusammengefasst ({ $n } Nachricht)
       *[other] Frühere Nachrichten zusammengefasst ({ $n } Nachrichten)
    }
chat-summary-group = Zusammenfassung früherer Nachrichten
chat-summary = Zusammenfassung
chat-summary-undo-label = Zusammenfassung rückgängig machen
chat-summary-undo-tooltip = Diese Zusammenfassung löschen: Anfragen senden wieder die früheren Nachrichten
chat-undo = Rückgängig
chat-show-whole-message = Ganze Nachricht anzeigen ({ $size })
chat-versions-of-message = Versionen dieser Nachricht
chat-edit = Bearbeiten
chat-edit-tooltip = Bearbeiten und erneut senden (das Original bleibt erhalten)
chat-media-open = { $name } öffnen ({ $detail })
chat-media-missing = Nicht mehr gespeichert
chat-media-list = Bilder, PDFs und Sprachnotizen
chat-media-image-alt = { $name }, an die Nachricht angehängt ({ $detail })
chat-media-no-longer-stored = die Datei ist nicht mehr gespeichert
chat-media-not-downloaded = { $name } wurde nicht heruntergeladen: { $reason }.
chat-media-download = Herunterladen
chat-voice-note-play = { $name } abspielen
chat-voice-note-transcript = Transkript
chat-version-of = Version { $number } von { $count }
chat-show-previous-version = Vorherige Version anzeigen
chat-previous-version = Vorherige Version
chat-show-next-version = Nächste Version anzeigen
chat-next-version = Nächste Version
chat-more-actions = Weitere Aktionen
chat-edit-answer = Diese Antwort bearbeiten
chat-branch-new-chat = In neuen Chat abzweigen
chat-delete-version = Diese Version löschen
chat-keep-only-path = Nur diesen Pfad behalten
chat-edit-your-message = Deine Nachricht bearbeiten
chat-edit-message-hint = Wird als neue Version gesendet: Das Original und seine Antworten bleiben erhalten, einen Pfeil entfernt.
chat-cancel = Abbrechen
chat-send = Senden
chat-answer-text = Text der Antwort
chat-edit-answer-hint = „Als neue Version speichern“ behält das Original einen Pfeil entfernt. „Direkt korrigieren“ ändert diese Antwort und markiert sie als bearbeitet. In beiden Fällen wird nichts darunter entfernt.
chat-fix-in-place = Direkt korrigieren
chat-save-new-version = Als neue Version speichern
chat-outline-heading = Zweige dieser Unterhaltung
chat-outline-hint = Jede Stelle, an der sich diese Unterhaltung verzweigt, und ihre Versionen. Wähle eine aus, um ihren Zweig anzuzeigen.
chat-outline-shown = angezeigt
chat-outline-fork-answers =
    { $count ->
        [one] Runde { $turn } · { $count } Antwort
       *[other] Runde { $turn } · { $count } Antworten
    }
chat-outline-fork-questions =
    { $count ->
        [one] Runde { $turn } · { $count } Version der Frage
       *[other] Runde { $turn } · { $count } Versionen der Frage
    }
chat-outline-version = { $number } von { $count }: { $text }
chat-outline-model-edited = { $model }, bearbeitet
chat-compare-answer-name = Antwort { $letter }
chat-compare-merged-answer = Zusammengeführte Antwort
chat-compare-merge-credit =
    { $count ->
        [one] Aus { $count } Antwort geschrieben mit: „{ $recipe }“
       *[other] Aus { $count } Antworten geschrieben mit: „{ $recipe }“
    }
chat-compare-writing = Schreibt…
chat-compare-stop-answer = { $name } stoppen
chat-compare-stop = Stoppen
chat-compare-retry-answer = { $name } erneut versuchen
chat-compare-continue-with-answer = Mit { $name } fortfahren
chat-compare-continuing = Wird hiermit fortgesetzt
chat-compare-continue-with-this = Hiermit fortfahren
chat-compare-choose-tooltip = Für „Getrennt fortsetzen“ auswählen
chat-compare-choose-answer = { $name } zum getrennten Fortsetzen auswählen
chat-compare-choose = Auswählen
chat-compare-first-token-time = { $time } bis zum ersten Token
chat-compare-total-time = { $time } insgesamt
chat-compare-output-tokens =
    { $n ->
        [one] { $n } Token
       *[other] { $n } Tokens
    }
chat-compare-cost = etwa { $cost }
chat-compare-new-chats =
    { $n ->
        [one] { $n } neuer Chat, unter diesem aufgeführt.
       *[other] { $n } neue Chats, unter diesem aufgeführt.
    }
chat-compare-turn-label = Verglichene Antworten ({ $n })
chat-compare-answers = Antworten
chat-compare-scroll-separately = Spalten getrennt scrollen
chat-compare-continue-separately-tooltip = Jede ausgewählte Antwort wird in einem eigenen neuen Chat fortgesetzt
chat-compare-continue-separately = Getrennt fortsetzen
chat-compare-continue-separately-count = Getrennt fortsetzen ({ $n })
chat-compare-merge-open = Zusammenführen…
chat-compare-merge-form = Antworten zusammenführen
chat-compare-recipe = Methode
chat-compare-instruction = Anweisung
chat-compare-written-by = Geschrieben von
chat-compare-agent-model = Das Modell des Agenten
chat-compare-merge = Zusammenführen

## composer

composer-label = Eingabebereich
composer-keys = Enter sendet · Umschalt+Enter fügt eine Zeile ein · @ hängt eine Datei an
composer-message = Nachricht
composer-message-placeholder = Nachricht an Hearth…
composer-talk = Sprechen
composer-talk-title = Laut mit dem Modell sprechen
composer-search = Suche
composer-search-web = Im Web suchen
composer-search-title = Mit der eigenen Websuche des Anbieters antworten, mit Quellen
composer-take-photo = Foto aufnehmen
composer-compare = Vergleichen
composer-compare-models = Modelle vergleichen
composer-compare-title = Die nächste Nachricht an mehrere Modelle senden und ihre Antworten nebeneinander sehen
composer-effort = Denkaufwand
composer-effort-title = Wie gründlich ein Reasoning-Modell nachdenkt, bevor es antwortet
composer-effort-default = Aufwand: Standard
composer-effort-low = Aufwand: niedrig
composer-effort-medium = Aufwand: mittel
composer-effort-high = Aufwand: hoch
composer-dictate = Diktieren
composer-dictate-title = Sprechen statt tippen (Alt+Umschalt+U)
composer-compact = Komprimieren
composer-compact-conversation = Unterhaltung komprimieren
composer-compact-title = Frühere Nachrichten jetzt zusammenfassen; sie bleiben hier, und Anfragen senden die Zusammenfassung
composer-context-used =
    { $window ->
        [one] { $used } von { $window } Token · { $percent } %
       *[other] { $used } von { $window } Tokens · { $percent } %
    }
composer-context-window-used = Genutztes Kontextfenster
composer-context-full = Die nächste Anfrage fasst zuerst frühere Nachrichten zusammen
composer-context-estimated = Geschätzte Größe der nächsten Anfrage
composer-attach-file = Datei anhängen
composer-attach-title = Bilder, PDFs, Audio- oder Textdateien (.md, .txt) anhängen
composer-reads-no-pdfs = { $model } liest keine PDFs ({ $reason }): Ein PDF wird als Text gesendet.
composer-reads-no-images = { $model } liest keine Bilder ({ $reason }): Ein Bild wird als Hinweis gesendet.
composer-reads-no-images-or-pdfs = { $model } liest keine Bilder oder PDFs ({ $reason }): Ein Bild wird als Hinweis gesendet, ein PDF als Text.
composer-attached-files = Angehängte Dateien
composer-attached-media = Angehängte Bilder, PDFs und Sprachnotizen
composer-remove-file = { $name } entfernen
composer-preparing = Wird vorbereitet…
composer-media-will-be-sent = Wird gesendet als { $summary }
composer-transcribing = Wird transkribiert…
composer-no-transcript-offered = Kein Transkript: Ein Modell, das kein Audio hört, erhält nur einen Hinweis darauf.
composer-transcript = Transkript: { $text }
composer-no-transcript = Kein Transkript.
composer-voice-note-play = { $name } abspielen
composer-make-transcript = Transkript erstellen
composer-voice-note-ask = Transkript von { $name } erstellen
composer-heic-kept = Dieser Browser kann keine HEIC-Fotos umwandeln: Das Foto bleibt unverändert, und nur Gemini-Modelle können es lesen.
composer-refused-unknown = „{ $name }“ wurde nicht angehängt: Hearth nimmt Bilder, PDFs, Audio sowie .md- und .txt-Dateien an.
composer-refused-not-audio = „{ $name }“ wurde nicht angehängt: Dieser Browser konnte die Datei nicht als Audio abspielen (ist sie beschädigt?).
composer-refused-too-long =
    { $minutes ->
        [one] „{ $name }“ wurde nicht angehängt: Die Aufnahme ist länger als { $minutes } Minute (kürze oder teile sie).
       *[other] „{ $name }“ wurde nicht angehängt: Die Aufnahme ist länger als { $minutes } Minuten (kürze oder teile sie).
    }
composer-refused-too-large = „{ $name }“ wurde nicht angehängt: Die Datei ist größer als { $limit } MB.
composer-refused-unreadable = „{ $name }“ wurde nicht angehängt: Dieser Browser konnte die Datei nicht als Bild lesen.
composer-refused-failed = „{ $name }“ wurde nicht angehängt: { $detail }.
composer-refused-not-loaded = „{ $name }“ wurde nicht angehängt: Hearths Code für Anhänge wurde nicht geladen (prüfe die Verbindung und versuche es erneut).
composer-failed-stored = die Datei konnte nicht gespeichert werden
composer-failed-hashed = für die Datei konnte kein Hash berechnet werden
composer-project-files = Projektdateien
composer-mention-one-match = 1 Projektdatei passt. Enter oder Tab hängt sie an, Escape schließt die Liste.
composer-mention-matches =
    { $n ->
        [one] { $n } Projektdatei passt. Pfeil hoch und runter wählen, Enter oder Tab hängt an, Escape schließt die Liste.
       *[other] { $n } Projektdateien passen. Pfeil hoch und runter wählen, Enter oder Tab hängt an, Escape schließt die Liste.
    }
composer-knowledge-matches = { $n } Wissensdatenbanken und Dateien passen. Auf und Ab wählen, Enter oder Tab übernimmt, Escape schließt die Liste.
composer-knowledge-one-match = 1 Wissensdatenbank oder Datei passt. Enter oder Tab wählt sie, Escape schließt die Liste.
composer-knowledge-list = Wissensdatenbanken und Dateien
composer-mention-no-files = Noch keine Projektdateien. Füge eine mit „Datei anhängen“ hinzu, ziehe sie auf die Unterhaltung oder füge sie unter Tools hinzu.
composer-mention-no-match = Keine Projektdatei passt zu „{ $query }“.
composer-image = Bild
composer-create-image = Bild erstellen
composer-image-title = Das Bildmodell des Anbieters um Bilder zu deinem Text bitten
composer-what-to-draw = Was gezeichnet werden soll
composer-picture-edits = Das Modell bearbeitet das im Eingabefeld angehängte Bild: { $name }.
composer-picture-how-to-edit = Um ein Bild zu bearbeiten, hänge es zuerst im Eingabefeld an.
composer-image-model = Bildmodell
composer-image-model-hint = Wird beim Konto angefragt, das in dieser Unterhaltung antwortet.
composer-draw-first = Schreib zuerst, was gezeichnet werden soll.
composer-name-model-first = Gib zuerst ein Bildmodell an.
composer-picture-not-sent = Nichts wurde gesendet: Hier wird noch eine Antwort geschrieben, ein Anhang wird vorbereitet, oder dieser Tab kann nicht mehr speichern (siehe Hinweisleiste).
composer-create = Erstellen
composer-picture-size = Größe
composer-picture-quality = Qualität
composer-picture-count = Anzahl der Bilder
composer-size-automatic = Größe: automatisch
composer-size-square = Quadratisch
composer-size-landscape = Querformat
composer-size-portrait = Hochformat
composer-quality-automatic = Qualität: automatisch
composer-quality-low = Qualität: niedrig
composer-quality-medium = Qualität: mittel
composer-quality-high = Qualität: hoch
composer-pictures-1 = 1 Bild
composer-pictures-2 = 2 Bilder
composer-pictures-3 = 3 Bilder
composer-pictures-4 = 4 Bilder
composer-compare-hint = Deine nächste Nachricht geht an jede Spalte; die Antworten erscheinen nebeneinander.
composer-compare-add-column = Spalte hinzufügen
composer-compare-blind = Blind: Modellnamen ausblenden, bis ich eine Antwort wähle
composer-compare-cost-title = Geschätzt aus der Länge der Unterhaltung und den Listenpreisen
composer-stop-comparing = Vergleich beenden
composer-compare-blind-picks = Blinde Auswahlen auf diesem Gerät: { $tally }
composer-column-agent = Agent der Spalte { $letter }
composer-column-model = Modell der Spalte { $letter }
composer-column-remove = Spalte { $letter } entfernen
composer-follows-merged = Deine nächste Nachricht knüpft an die zusammengeführte Antwort an.
composer-follows-blind-answer = Deine nächste Nachricht knüpft an Antwort { $letter } an. Wähle eine mit „Hiermit fortfahren“.
composer-follows-answer = Deine nächste Nachricht knüpft an Antwort { $letter } ({ $model }) an.
sessions-close = Unterhaltungen schließen
sessions-new-chat = Neuer Chat
sessions-search-label = Unterhaltungen durchsuchen
sessions-search-placeholder = Alle Nachrichten durchsuchen
sessions-list = Liste der Unterhaltungen
sessions-show-more = Weitere Unterhaltungen anzeigen
sessions-empty = Deine Unterhaltungen erscheinen hier. Sie werden nur in diesem Browser gespeichert.
sessions-deleted = „{ $title }“ gelöscht
sessions-rename = Umbenennen
sessions-pin = Anheften
sessions-unpin = Lösen
sessions-delete = Löschen
sessions-actions-for = Aktionen für { $title }
sessions-pinned = Angeheftet
sessions-title-field = Titel der Unterhaltung
sessions-replying = Antwortet
sessions-reply-streaming = Eine Antwort wird gestreamt
sessions-searching = Suche läuft…
sessions-no-match = Keine passenden Nachrichten.
sessions-search-results = Suchergebnisse
sessions-other-branch = In einem anderen Zweig
sessions-search-count =
    { $total ->
        [one] { $total } Ergebnis
       *[other] { $total } Ergebnisse
    }
sessions-search-count-newest =
    { $total ->
        [one] Neueste { $shown } von { $total } Ergebnis
       *[other] Neueste { $shown } von { $total } Ergebnissen
    }
sessions-search-count-many = Die neuesten { $shown } von vielen Ergebnissen; füge ein Wort hinzu, um einzugrenzen
sessions-search-count-recent = { $shown } in den neuesten Unterhaltungen gefunden; füge ein Wort hinzu, um einzugrenzen

## reply

reply-assistant = Assistent
reply-copy-code = Code kopieren
reply-hide-diagram = Diagramm ausblenden
reply-show-diagram = Diagramm anzeigen
reply-drawing-diagram = Diagramm wird gezeichnet…
reply-diagram-shown = Diagramm angezeigt
reply-diagram-failed = Dieses Diagramm konnte nicht gezeichnet werden: { $why }
reply-code-unnamed = Code
reply-code = Code
reply-code-named = { $language }-Code
reply-load-image = Bild laden
reply-load-image-name = Bild { $label } von { $host } laden
reply-load-image-compact = Bild laden: { $label } ({ $host })
reply-image-not-loaded = (Bild nicht geladen)
reply-app-code = App-Code
reply-source = Quelle { $number }
reply-unlock-keys = API-Schlüssel entsperren
reply-compact-and-retry = Komprimieren und erneut versuchen
reply-retry-wait = Der Anbieter bittet zu warten: { $secs } s
reply-loading-image = Bild wird geladen…
reply-open-image-new-tab = Bild in neuem Tab öffnen
reply-read-aloud = Vorlesen
reply-pause = Pause
reply-picture-being-drawn = Das Bild wird gerade gezeichnet und ist noch nicht fertig
reply-drawing = Zeichnet…
reply-pictures = Bilder
reply-picture-alt = Bild { $number }, vom Modell erstellt
reply-picture-not-shown = Ein Bild vom Typ { $type }, nicht angezeigt.
reply-picture-open = Bild { $number } des Modells öffnen
reply-picture-gone = Bild { $number } ist nicht mehr gespeichert.
reply-sources = Quellen
reply-saved = Gespeichert
reply-save-as-file = Als Datei speichern
reply-save-as-file-markdown = Als Datei speichern (Markdown)
reply-still-writing = Schreibt noch
reply-thinking-for = Denkt nach… { $secs } s
reply-thought-for = { $secs } s nachgedacht
reply-thinking = Gedankengang
reply-unsupported-parts =
    { $n ->
        [one] Diese Antwort enthält { $n } Teil, den Hearth noch nicht anzeigen kann.
       *[other] Diese Antwort enthält { $n } Teile, die Hearth noch nicht anzeigen kann.
    }
reply-show-raw-json = Rohes JSON anzeigen
reply-unsupported-parts-list = Teile, die Hearth nicht anzeigen kann
reply-google-search-suggestions = Google Search-Vorschläge
reply-provider-tools = Tools des Anbieters
reply-show-its-json = JSON anzeigen
reply-server-tool-searching-for = Sucht im Web nach „{ $query }“…
reply-server-tool-searching = Sucht im Web…
reply-server-tool-search-for-failed = Die Suche nach „{ $query }“ ist fehlgeschlagen
reply-server-tool-search-failed = Eine Websuche ist fehlgeschlagen
reply-server-tool-searched-for = Im Web nach „{ $query }“ gesucht
reply-server-tool-searched = Im Web gesucht
reply-server-tool-reading-url = Liest { $url }…
reply-server-tool-reading-url-failed = Lesen von { $url } fehlgeschlagen
reply-server-tool-read-url = { $url } gelesen
reply-server-tool-reading-page = Liest eine Seite…
reply-server-tool-reading-page-failed = Lesen einer Seite fehlgeschlagen
reply-server-tool-read-page = Eine Seite gelesen
reply-server-tool-drawing = Zeichnet ein Bild…
reply-server-tool-drawing-failed = Zeichnen eines Bildes fehlgeschlagen
reply-server-tool-drew = Ein Bild gezeichnet
reply-server-tool-unsupported = nicht unterstützt: { $name }
reply-server-tool-failed-why = { $what }: { $why }
reply-server-tool-results =
    { $count ->
        [one] { $text } · { $count } Ergebnis
       *[other] { $text } · { $count } Ergebnisse
    }
reply-usage = { $input } ein · { $output } aus
reply-usage-with-reasoning = { $input } ein · { $output } aus · { $reasoning } Denken
reply-regenerate = Neu generieren
reply-regenerate-title = Neu generieren (erneut antworten)
reply-tokens = Tokens
reply-versions-of-answer = Versionen dieser Antwort
reply-badge-edited = { $named } · bearbeitet
reply-badge-agent-model = Agent · Modell
reply-badge-model = Modell
reply-chunks-skipped =
    { $n ->
        [one] Ein Teil des Streams konnte nicht gelesen werden und wurde übersprungen.
       *[other] { $n } Teile des Streams konnten nicht gelesen werden und wurden übersprungen.
    }
reply-extra-answers-ignored =
    { $answers ->
        [one] Der Anbieter hat { $answers } Antwort gesendet (n > 1 in der Anfrage); nur die erste wird angezeigt.
       *[other] Der Anbieter hat { $answers } Antworten gesendet (n > 1 in der Anfrage); nur die erste wird angezeigt.
    }
reply-stopped = Gestoppt
reply-interrupted = Unterbrochen: Die Seite wurde geschlossen oder neu geladen, während diese Antwort gestreamt wurde.
reply-incomplete-title = Die Antwort ist möglicherweise unvollständig
reply-incomplete-detail = Der Stream endete, bevor das Modell meldete, fertig zu sein. Was angekommen ist, bleibt erhalten; „Neu generieren“ fragt erneut.
reply-token-limit-title = Die Antwort hat das Token-Limit erreicht
reply-token-limit-detail = Erhöhe „Max. Tokens“ unter Anbieter, oder bitte das Modell, fortzufahren.
reply-safety-filter-title = Der Sicherheitsfilter des Anbieters hat die Antwort gestoppt
reply-safety-filter-detail = Das Modell hat abgelehnt, oder der Inhaltsfilter des Anbieters hat den Prompt oder die Antwort blockiert.
reply-ended-early-title = Der Anbieter hat die Antwort vorzeitig beendet
reply-regenerate-asks-again = „Neu generieren“ fragt erneut.
chat-state-branch-not-stored = Die neue Unterhaltung konnte nicht gespeichert werden.
chat-state-wait-reply-ended = Warte, bis die Antwort fertig ist.
chat-state-no-other-version = Diese Nachricht hat keine andere Version: Nichts wurde gelöscht.
chat-state-no-other-branch = Diese Unterhaltung hat keinen anderen Zweig: Nichts wurde gelöscht.
chat-state-empty-answer = Eine Antwort darf nicht leer sein: Schreib etwas, oder wähle „Abbrechen“.
chat-state-delete-version-confirm =
    { $count ->
        [one] Diese Version und alles darunter löschen ({ $count } Nachricht)? Du kannst es einige Sekunden lang rückgängig machen.
       *[other] Diese Version und alles darunter löschen ({ $count } Nachrichten)? Du kannst es einige Sekunden lang rückgängig machen.
    }
chat-state-keep-path-confirm =
    { $count ->
        [one] Alle Zweige außer dem angezeigten löschen ({ $count } Nachricht)? Du kannst es einige Sekunden lang rückgängig machen.
       *[other] Alle Zweige außer dem angezeigten löschen ({ $count } Nachrichten)? Du kannst es einige Sekunden lang rückgängig machen.
    }
chat-state-messages-deleted =
    { $count ->
        [one] { $count } Nachricht gelöscht
       *[other] { $count } Nachrichten gelöscht
    }
chat-state-merge-wait-columns = Warte, bis jede Spalte fertig ist.
chat-state-merge-too-few = Zum Zusammenführen braucht es mindestens zwei Antworten.
chat-state-merge-no-instruction = Schreib, was beim Zusammenführen geschehen soll.
chat-state-attachment-preparing = Ein Anhang wird noch vorbereitet: Sende, sobald er als bereit angezeigt wird.
chat-state-summary-no-provider = kein Anbieter ist eingerichtet
chat-state-summary-empty = das Modell hat keine Zusammenfassung geschrieben
chat-state-summary-stopped = gestoppt
chat-state-summary-gone = die Unterhaltung existiert nicht mehr
chat-state-summary-too-short = die früheren Nachrichten sind kürzer als jede Zusammenfassung davon
chat-state-summarising = Frühere Nachrichten werden zusammengefasst…
chat-state-summarised =
    { $count ->
        [one] Frühere Nachrichten zusammengefasst ({ $count } Nachricht). Sie bleiben hier; nur Anfragen senden die Zusammenfassung.
       *[other] Frühere Nachrichten zusammengefasst ({ $count } Nachrichten). Sie bleiben hier; nur Anfragen senden die Zusammenfassung.
    }
chat-state-nothing-to-summarise = Noch nichts zusammenzufassen: Die erste Nachricht und die letzten Runden werden immer unverändert gesendet.
chat-state-summary-removed = Zusammenfassung entfernt: Anfragen senden wieder die früheren Nachrichten.
chat-state-first-message-too-long =
    { $estimate ->
        [one] Schon die erste Nachricht allein ist zu lang für das Kontextfenster dieses Modells (etwa { $estimate } Token von { $window }), daher hilft es nicht, frühere Nachrichten zusammenzufassen. Kürze sie, oder wähle ein Modell mit größerem Kontextfenster.
       *[other] Schon die erste Nachricht allein ist zu lang für das Kontextfenster dieses Modells (etwa { $estimate } Tokens von { $window }), daher hilft es nicht, frühere Nachrichten zusammenzufassen. Kürze sie, oder wähle ein Modell mit größerem Kontextfenster.
    }
chat-state-last-message-too-long =
    { $estimate ->
        [one] Schon die letzte Nachricht allein ist zu lang für das Kontextfenster dieses Modells (etwa { $estimate } Token von { $window }), daher hilft es nicht, frühere Nachrichten zusammenzufassen. Kürze sie, oder wähle ein Modell mit größerem Kontextfenster.
       *[other] Schon die letzte Nachricht allein ist zu lang für das Kontextfenster dieses Modells (etwa { $estimate } Tokens von { $window }), daher hilft es nicht, frühere Nachrichten zusammenzufassen. Kürze sie, oder wähle ein Modell mit größerem Kontextfenster.
    }
chat-state-summary-failed-sent = Die früheren Nachrichten konnten nicht zusammengefasst werden: { $why }. Die Unterhaltung wurde vollständig gesendet.
chat-state-summary-failed-unchanged = Die früheren Nachrichten konnten nicht zusammengefasst werden: { $why }. Es wurde nichts geändert.
chat-state-provider-error-http = { $title } (HTTP { $status })

## providers

providers-dialog-heading = Anbieter
providers-dialog-hint = Hearth spricht mit jedem Anbieter direkt aus diesem Browser. Schlüssel werden nur hier gespeichert und nur an ihren Anbieter gesendet.
providers-your-providers = Deine Anbieter
providers-add-heading = Anbieter hinzufügen
providers-new-type = Typ des neuen Anbieters
providers-add = Anbieter hinzufügen
providers-settings = Anbietereinstellungen
providers-type = Typ
providers-name = Name
providers-base-url = Basis-URL
providers-api-version = API-Version
providers-thinking = Denken (Reasoning vor der Antwort)
providers-extra-json = Zusätzliches JSON
providers-extra-json-hint = Zusätzliches JSON wird zuletzt in jeden Anfragetext eingefügt und kann so jedes Feld setzen oder überschreiben.
providers-key-removed = Der Schlüssel wurde entfernt, weil die Basis-URL jetzt auf eine andere Adresse zeigt. Gib den Schlüssel für die neue Adresse ein.
providers-api = API
providers-api-automatic = Automatisch (Responses, wo das Modell es braucht)
providers-api-key = API-Schlüssel
providers-key-locked = Gesperrt
providers-key-required = Erforderlich
providers-key-optional = Optional für lokale Server
providers-testing = Verbindung wird getestet…
providers-test-connection = Verbindung testen
providers-in-use = In Verwendung
providers-use = Diesen Anbieter verwenden
providers-delete = Anbieter löschen
providers-delete-confirm = Den Anbieter „{ $name }“ und seinen Schlüssel löschen?
providers-model-deployment = Modell (Name des Deployments)
providers-available-models = Verfügbare Modelle
providers-pick-model = Modell wählen…
providers-default = Standard
providers-temperature = Temperatur
providers-max-tokens = Max. Tokens
providers-top-p = Top-p
providers-context-window = Kontextfenster (Tokens)
providers-context-window-hint =
    { $tokens ->
        [one] Leer: { $tokens } Token, der Standard dieses Modells. Lange Unterhaltungen werden komprimiert, bevor sie es füllen.
       *[other] Leer: { $tokens } Tokens, der Standard dieses Modells. Lange Unterhaltungen werden komprimiert, bevor sie es füllen.
    }
providers-number-out-of-range = { $label } muss eine Zahl von 0 bis { $max } sein, oder leer für den Standardwert.
providers-number-not-count = { $label } muss eine ganze Zahl größer als 0 sein, oder leer für den Standardwert.
providers-number-context-window = Kontextfenster: { $problem }
providers-reads-besides-text = Liest außer Text
providers-reads-as-known = Wie bekannt
providers-reads-everything = Bilder, PDFs und Audio
providers-reads-images-pdfs = Bilder und PDFs
providers-reads-images = Bilder
providers-reads-pdfs = PDFs
providers-reads-images-audio = Bilder und Audio
providers-reads-audio = Audio
providers-reads-text-only = Nur Text
providers-this-model = Dieses Modell
providers-model-reads = { $model } liest { $reads }, { $reason }.
providers-model-picker-title = Das Modell, das antwortet, für Agenten ohne eigenes (das eigene eines Agenten: unter Agenten)
providers-no-model-set = kein Modell festgelegt
providers-test-fix-extra-json = Korrigiere zuerst das zusätzliche JSON: { $error }
providers-test-no-model = Lege zuerst das Modell fest: Dieser Anbieter hat keine Modellliste, daher bittet der Test das Modell um eine Antwort aus einem Wort.
providers-test-stopped = Der Test wurde gestoppt.
providers-test-answered = Verbunden: Das Modell hat geantwortet.
providers-test-no-models = Verbunden. Der Anbieter listet keine Modelle auf; gib die Modell-ID ein.
providers-test-models-available =
    { $n ->
        [one] Verbunden. { $n } Modell verfügbar.
       *[other] Verbunden. { $n } Modelle verfügbar.
    }
providers-test-model-list-unreadable = Verbunden, aber die Modellliste konnte nicht gelesen werden: { $error }
providers-saving = Wird gespeichert…
providers-not-saved = Nicht gespeichert: { $problem }
providers-storage-not-open = der Speicher ist nicht geöffnet.
providers-lock-wrong-passphrase = Diese Passphrase ist nicht richtig. Es wurde nichts geändert; versuche es erneut.
providers-lock-enter-passphrase = Gib eine Passphrase ein.
providers-lock-passphrase-too-short =
    { $min ->
        [one] Verwende eine Passphrase mit mindestens { $min } Zeichen. Es wurde nichts geändert.
       *[other] Verwende eine Passphrase mit mindestens { $min } Zeichen. Es wurde nichts geändert.
    }
providers-lock-unlock-first = Entsperre zuerst deine API-Schlüssel.
providers-lock-damaged = Die Schlüsselsperre kann nicht geöffnet werden: { $error }. Entferne sie mit „Passphrase vergessen?“.
providers-lock-server-unopened = Die Header-Werte und die Anmeldung des MCP-Servers „{ $name }“ lassen sich mit dieser Passphrase nicht öffnen. Es wurde nichts geändert.
providers-lock-crypto-failed = { $error } Es wurde nichts geändert.
providers-lock-storage-failed = Es wurde nichts geändert: { $error }
providers-forget-question = Die gesperrten API-Schlüssel und die Passphrase-Sperre entfernen? Die API-Schlüssel aller Anbieter sowie die Header-Werte, Client-Secrets und Anmeldungen aller MCP-Server werden aus diesem Browser gelöscht: Du gibst sie unter Anbieter und Tools erneut ein. Unterhaltungen, Agenten, Tools und die übrigen Einstellungen der Anbieter bleiben erhalten.
providers-unlock-hint = Deine API-Schlüssel sind mit einer Passphrase gesperrt. Gib sie ein, um die Schlüssel zu verwenden, solange Hearth geöffnet ist.
providers-passphrase = Passphrase
providers-unlocking = Wird entsperrt…
providers-unlock = Entsperren
providers-not-now = Nicht jetzt
providers-forgot-passphrase = Passphrase vergessen?
providers-lock-passphrases-differ = Die beiden Passphrasen unterscheiden sich. Gib zweimal dieselbe Passphrase ein.
providers-lock-working = Bitte warten…
providers-lock-removed = Sperre entfernt. API-Schlüssel werden unverschlüsselt gespeichert.
providers-lock-passphrase-changed = Passphrase geändert.
providers-lock-set = API-Schlüssel mit deiner Passphrase gesperrt.
providers-lock-forgotten = Die gesperrten API-Schlüssel (und die Geheimnisse der MCP-Server) sowie die Sperre wurden entfernt.
providers-lock-state-off = API-Schlüssel werden unverschlüsselt in diesem Browser gespeichert.
providers-lock-state-locked = API-Schlüssel sind mit einer Passphrase gesperrt und derzeit gesperrt.
providers-lock-state-unlocked = API-Schlüssel sind mit einer Passphrase gesperrt und entsperrt, solange ein Hearth-Tab geöffnet ist.
providers-lock-state-damaged = Die Schlüsselsperre kann nicht geöffnet werden. Entferne sie mit „Passphrase vergessen?“.
providers-lock-heading = API-Schlüsselsperre
providers-lock-hint = Eine Passphrase verschlüsselt die gespeicherten API-Schlüssel (AES-GCM, PBKDF2-SHA-256, 600.000 Iterationen). Sie schützt sie im Ruhezustand: in einem kopierten Browserprofil oder auf einem gemeinsam genutzten Computer. Sie schützt sie nicht vor Code, der in dieser Seite läuft, und nicht, solange ein Hearth-Tab entsperrt ist. Der entsperrte Schlüssel liegt nur im Arbeitsspeicher geöffneter Hearth-Tabs: Hearth fragt erneut, sobald keiner mehr geöffnet ist.
providers-lock-with-passphrase = API-Schlüssel mit Passphrase sperren
providers-change-passphrase = Passphrase ändern
providers-remove-lock = Sperre entfernen
providers-unlock-keys = API-Schlüssel entsperren
providers-current-passphrase = Aktuelle Passphrase
providers-new-passphrase = Neue Passphrase
providers-confirm-passphrase = Passphrase bestätigen
providers-lock-keys = API-Schlüssel sperren
offline-connection = Verbindung
offline-badge = Offline
offline-back-online = Wieder online
offline-description = Deine Unterhaltungen, die Suche und Tools ohne Netzwerkbedarf funktionieren offline; zum Senden brauchst du eine Verbindung, außer der Anbieter läuft auf diesem Computer.
offline-storage-closed = Hearths Speicher wurde geschlossen
offline-out-of-date = Dieser Tab ist veraltet
offline-storage-closed-text = Der Browser hat Hearths Speicher geschlossen (seine Daten wurden möglicherweise gelöscht), daher kann dieser Tab nichts mehr speichern. Was du siehst, bleibt hier, bis du neu lädst.
offline-out-of-date-text = Hearth wurde in einem anderen Tab aktualisiert, und die neue Version hat seinen Speicher übernommen. Dieser Tab speichert nichts mehr, damit nie zwei Versionen gleichzeitig schreiben. Was du siehst, bleibt hier, bis du neu lädst.
offline-reload-hearth = Hearth neu laden
offline-keep-reading = Ohne Speichern weiterlesen
offline-dismiss = Ausblenden
offline-storage-upgrading = Hearths Speicher wird für diese Version aktualisiert. Bei vielen Unterhaltungen dauert das einmalig einige Sekunden.
offline-reload-waits-for-reply = Wird neu geladen, sobald die Antwort fertig ist…
offline-reload-waits-for-other-tab = Wird neu geladen, sobald die Antwort in einem anderen Tab fertig ist…
offline-reload-waits-for-message = Deine Nachricht ist noch nicht gesendet: Sende oder leere sie, dann lädt Hearth neu – oder verwirf sie und lade jetzt neu.
offline-reload-waits-for-editor = Es gibt ungespeicherte Änderungen ({ $editor }): Speichere sie oder brich die Bearbeitung ab, dann lädt Hearth neu – oder verwirf sie und lade jetzt neu.
offline-reloading = Wird neu geladen…
offline-new-version-ready = Eine neue Version von Hearth ist bereit.
offline-updated-elsewhere = Hearth wurde in einem anderen Tab aktualisiert.
offline-updates-region = Hearth-Updates
offline-reload-new-version = Neu laden, um die neue Version zu verwenden
offline-discard-and-reload = Verwerfen und neu laden
offline-cancel-reload = Neu laden abbrechen
offline-later = Später

## agents

agents-intro = Ein Agent ist ein Assistent mit eigenen Anweisungen, eigenem Modell und eigenen Tools. Neue Unterhaltungen beginnen mit dem Agenten, mit dem du zuletzt gechattet hast.
agents-list-label = Deine Agenten
agents-new-agent = Neuer Agent
agents-picker-title = Agent dieser Unterhaltung
agents-picker-label = Agent:
agents-picker-wait = Der Agent kann erst gewechselt werden, wenn die Antwort fertig ist
agents-switched-to = Gewechselt zu { $name }
agents-default-model = Standardmodell
agents-default-model-removed = Standardmodell (sein Konto wurde entfernt)
agents-chat = Chat
agents-kind-app = App (keine Tools)
agents-reset = Zurücksetzen
agents-duplicate = Duplizieren
agents-reset-agent = { $name } auf Standard zurücksetzen
agents-delete-agent = { $name } löschen
agents-chat-with-agent = Mit { $name } chatten
agents-edit-agent = { $name } bearbeiten
agents-duplicate-agent = { $name } duplizieren
agents-made-copy = { $name } erstellt.
agents-delete-confirm = Den Agenten „{ $name }“ löschen? Unterhaltungen, die ihn verwendet haben, behalten seinen Namen an ihren Antworten und werden mit dem Allgemeinen Assistenten fortgesetzt.
agents-deleted = { $name } gelöscht.
agents-reset-confirm = { $name } auf den Standard zurücksetzen? Prompt, Modell und Tools erhalten wieder ihren ursprünglichen Zustand.
agents-reset-done = { $name } wurde auf den Standard zurückgesetzt.
agents-general-name = Allgemeiner Assistent
agents-app-builder-name = App-Baukasten
agents-app-builder-description = Baut kleine Web-Apps, die in einer Vorschau neben dem Gespräch laufen.
agents-editor-name = Agenten-Editor
agents-short-description = Kurzbeschreibung
agents-system-prompt-template = Vorlage für den Systemprompt
agents-template-hint = Platzhalter: { $placeholders } sowie deine Abschnitte nach Namen. { $open } und { $close } sind wörtliche geschweifte Klammern.
agents-unknown-placeholder = Unbekannter Platzhalter { $placeholder } – er wird so gesendet, wie er eingegeben wurde
agents-save-agent = Agent speichern
agents-reset-to-default = Auf Standard zurücksetzen
agents-kind-chat-hint = Chat: darf Tools aufrufen
agents-kind-app-hint = App: erhält keine Tools
agents-removed-account = Entferntes Konto (das Standardmodell antwortet)
agents-beyond-text = Über Text hinaus
agents-web-search = Standardmäßig im Web suchen (die eigene Suche des Anbieters, mit Quellen)
agents-search-sites = Nur diese Websites (Suche)
agents-effort-default = Standard des Anbieters
agents-effort-low = Niedrig
agents-effort-medium = Mittel
agents-effort-high = Hoch
agents-make-images = Bilder erstellen (das Modell darf mit Bildern antworten)
agents-app-no-tools = Ein App-Agent erhält keine Tools: Seinem Modell werden keine angeboten.
agents-tool-rounds = Höchstzahl an Tool-Runden pro Antwort
agents-voice = Stimme
agents-auto-read = Antworten vorlesen, sobald sie fertig sind
agents-its-voice = Seine Stimme
agents-voice-placeholder = Wie unter Einstellungen → Stimme (eine Stimme des Anbieters wie alloy oder der Name einer Browserstimme)
agents-problem-no-name = Gib dem Agenten einen Namen.
agents-problem-section-names = Korrigiere die oben markierten Abschnittsnamen.
agents-problem-rounds = Gib eine ganze Zahl von Tool-Runden zwischen 1 und 100 ein.
agents-conflict-deleted = Dieser Agent wurde anderswo geändert, seit du ihn geöffnet hast: Er wurde gelöscht. Speichere deine Fassung, um ihn zu behalten, oder verwirf sie.
agents-conflict-changed = Dieser Agent wurde anderswo geändert, seit du ihn geöffnet hast. Überschreibe ihn mit deiner Fassung, oder verwirf deine.
agents-save-mine-anyway = Meine trotzdem speichern
agents-discard-mine = Meine verwerfen
agents-your-sections = Deine Abschnitte
agents-sections-hint = Jeder Abschnitt füllt den Platzhalter seines Namens: Schreib { $placeholder } in die Vorlage, wo sein Text stehen soll. In { $tags } eingeschlossen, wird ein leerer Abschnitt samt seinen Tags weggelassen.
agents-unnamed = (unbenannt)
agents-section-legend = Abschnitt { $name }
agents-section-name = Abschnittsname
agents-section-text = Abschnittstext
agents-remove-section = Abschnitt entfernen
agents-remove-section-named = Abschnitt { $name } entfernen
agents-add-section = Abschnitt hinzufügen
agents-preview = Vorschau
agents-preview-intro = Der Systemprompt mit den heutigen Werten, so wie die nächste Anfrage ihn sendet:
agents-preview-size =
    { $chars ->
        [one] { $chars } Zeichen
       *[other] { $chars } Zeichen
    } · etwa { $tokens } Tokens
agents-no-system-message = Es wird keine Systemnachricht gesendet.
agents-unknown-placeholder-title = Unbekannter Platzhalter: wird so gesendet, wie er eingegeben wurde
agents-builtin-tools = Integrierte Tools
agents-your-tools = Deine Tools
agents-no-user-tools = Noch keine: Du erstellst sie im Tools-Dialog.
agents-imported-tool = Importiert: Erlaube es im Tools-Dialog, nachdem du seinen Code geprüft hast, bevor ein Agent es aufrufen darf.
agents-ask-before-running = Vor dem Ausführen fragen
agents-ask-before-running-tool = Vor dem Ausführen von { $tool } fragen
agents-mcp-server-tools = Tools vom MCP-Server { $server }
agents-mcp-server-off = Seine Tools werden nicht angeboten: Der Server ist im Tools-Dialog ausgeschaltet.
agents-mcp-no-tools = Noch keine Tools aufgelistet: Nutze „Prüfen“ im Tools-Dialog.
agents-mcp-tools-cost =
    { $count ->
        [one] { $count } Tool ausgewählt: etwa { $tokens } Tokens in jeder Anfrage.
       *[other] { $count } Tools ausgewählt: etwa { $tokens } Tokens in jeder Anfrage.
    }
agents-mcp-tools-cost-heavy =
    { $count ->
        [one] { $count } Tool ausgewählt: etwa { $tokens } Tokens in jeder Anfrage, mehr als ein Zehntel des Kontextfensters des Modells von { $window } Tokens. Wähle weniger aus, um Platz für die Unterhaltung zu lassen.
       *[other] { $count } Tools ausgewählt: etwa { $tokens } Tokens in jeder Anfrage, mehr als ein Zehntel des Kontextfensters des Modells von { $window } Tokens. Wähle weniger aus, um Platz für die Unterhaltung zu lassen.
    }
shortcuts-heading = Tastenkürzel
shortcuts-hint = Auf einem Mac ist Alt die Wahltaste (Option). Die Tasten funktionieren auch im Eingabefeld, außer ? (außerhalb von Textfeldern eingeben).
shortcuts-action = Aktion
shortcuts-keys = Tasten
shortcuts-question-mark = Diese Liste mit ? öffnen (eine Taste; Strg+/ funktioniert immer)
shortcuts-focus-composer = Eingabefeld fokussieren
shortcuts-stop = Antwort stoppen
shortcuts-regenerate = Letzte Antwort neu generieren
shortcuts-copy-last = Letzte Antwort kopieren
shortcuts-toggle-sidebar = Unterhaltungen ein- oder ausblenden
shortcuts-open-settings = Einstellungen öffnen
shortcuts-dictate = Diktieren oder Diktat beenden
shortcuts-show-help = Diese Tastenkürzel anzeigen
shortcuts-help-keys = ? oder Ctrl+/
shortcuts-send = Nachricht senden
shortcuts-new-line = Neue Zeile beginnen
shortcuts-attach-file = Projektdatei anhängen (im Eingabefeld)
shortcuts-no-reply = Es wird gerade keine Antwort geschrieben
shortcuts-wait-reply = Warte, bis die Antwort fertig ist
shortcuts-nothing-to-regenerate = Keine Antwort zum Neugenerieren
shortcuts-copied = Letzte Antwort kopiert
shortcuts-copy-denied = Der Browser hat das Kopieren nicht erlaubt
shortcuts-nothing-to-copy = Noch keine Antwort zum Kopieren

## tools

tools-project-files-added =
    { $n ->
        [one] { $n } Datei hinzugefügt.
       *[other] { $n } Dateien hinzugefügt.
    }
tools-project-files-hint = Textdateien, die das Tool „Projektdatei lesen“ lesen kann. Sie bleiben in diesem Browser.
tools-project-file-characters =
    { $count ->
        [one] { $count } Zeichen
       *[other] { $count } Zeichen
    }
tools-project-file-remove = { $name } entfernen
tools-remove = Entfernen
tools-add-project-files = Projektdateien hinzufügen (.md, .txt)
tools-save-failed = Das Tool konnte nicht gespeichert werden: { $error }
tools-file-not-text = { $name } wurde nicht hinzugefügt: Nur .md- und .txt-Dateien (auch .markdown) können Projektdateien sein.
tools-file-too-long =
    { $limit ->
        [one] { $name } wurde nicht hinzugefügt: Die Datei überschreitet die Grenze von { $limit } Zeichen.
       *[other] { $name } wurde nicht hinzugefügt: Die Datei überschreitet die Grenze von { $limit } Zeichen.
    }
tools-file-binary = { $name } wurde nicht hinzugefügt: Es ist keine Textdatei (sie enthält Bytes, die kein UTF-8-Text sind).
tools-file-exists = Eine Projektdatei namens { $name } existiert bereits mit anderem Inhalt. Benenne die Datei um, oder entferne zuerst die Projektdatei unter Tools.
tools-file-unreadable = { $name } wurde nicht hinzugefügt: Der Browser konnte die Datei nicht lesen.
tools-switched-off = Das Modell hat { $tool } aufgerufen, das für { $agent } ausgeschaltet ist, daher wurde es nicht ausgeführt.
tools-switched-on = { $tool } ist jetzt für { $agent } eingeschaltet. Generiere die Antwort neu oder sende erneut, um es zu verwenden.
tools-waiting-for-your-approval = Wartet auf deine Zustimmung
tools-running = { $tool } wird ausgeführt…
tools-thinking = Denkt nach…
tools-used =
    { $n ->
        [one] { $n } Tool verwendet
       *[other] { $n } Tools verwendet
    }
tools-switch-on = { $tool } für diesen Agenten einschalten
tools-tool-calls = Tool-Aufrufe
tools-no-tool-used = Noch kein Tool verwendet.
tools-link-read = { $name } lesen
tools-link-reading = { $uri } wird gelesen…
tools-link-attached = { $uri } ist an deine nächste Nachricht angehängt.
tools-link-unreadable = { $uri } konnte nicht gelesen werden: { $error }
tools-link-read-title = Vom Server lesen und den Text an deine nächste Nachricht anhängen
tools-links-heading = Verlinkte Ressourcen
tools-approval-question-mcp = Der Assistent möchte { $tool } vom MCP-Server { $server } mit diesen Argumenten ausführen:
tools-approval-question-fetch = Der Assistent möchte { $tool } ausführen, um diese URL abzurufen:
tools-approval-question = Der Assistent möchte { $tool } mit diesen Argumenten ausführen:
tools-approval-always-allow = { $tool } für diesen Agenten immer erlauben
tools-approval-label = Aufruf von { $tool } genehmigen
tools-allow = Erlauben
tools-deny = Ablehnen
tools-waiting-for-your-answer = Wartet auf Ihre Antwort
tools-ask-heading = Der MCP-Server { $server } fragt Sie
tools-ask-send = Antwort senden
tools-ask-decline = Ablehnen
tools-ask-fix = Einige Antworten müssen geändert werden, bevor sie gesendet werden können.
tools-ask-none = (keine)
tools-ask-site = Website
tools-ask-whole-address = Vollständige Adresse
tools-ask-open = { $host } öffnen
tools-ask-punycode = Diese Adresse ist in Punycode geschrieben: Sie kann eine Ihnen bekannte Website nachahmen. Sehen Sie genau hin, bevor Sie sie öffnen.
tools-ask-required = Dieses Feld ist erforderlich.
tools-ask-too-short = Schreiben Sie mindestens { $n } Zeichen.
tools-ask-too-long = Schreiben Sie höchstens { $n } Zeichen.
tools-ask-pattern = Das hat nicht die Form, die der Server verlangt.
tools-ask-email = Schreiben Sie eine E-Mail-Adresse, etwa name@example.com.
tools-ask-uri = Schreiben Sie eine vollständige Adresse, etwa https://example.com.
tools-ask-date = Schreiben Sie ein Datum, etwa 2026-01-31.
tools-ask-date-time = Schreiben Sie Datum und Uhrzeit, etwa 2026-01-31T09:30:00Z.
tools-ask-number = Schreiben Sie eine Zahl.
tools-ask-whole = Schreiben Sie eine ganze Zahl.
tools-ask-below = Schreiben Sie { $n } oder mehr.
tools-ask-above = Schreiben Sie { $n } oder weniger.
tools-ask-option = Wählen Sie eine der Optionen.
tools-ask-too-few = Wählen Sie mindestens { $n }.
tools-ask-too-many = Wählen Sie höchstens { $n }.
tools-tool-deleted = Dieses Tool wurde gelöscht.
tools-editor-name = Tool-Editor
tools-saved-not-offered = Gespeichert, aber dem Modell erst nach der Korrektur angeboten: { $error }
tools-editor = Tool-Editor
tools-description = Beschreibung
tools-description-placeholder = Zählt die Wörter eines Textes.
tools-parameters = Parameter (JSON Schema)
tools-javascript = JavaScript (der Rumpf einer async-Funktion von args)
tools-uses-network = Nutzt das Netzwerk
tools-uses-network-hint = Erlaubt dem Code, Daten aus dem Internet abzurufen. Seine Aufrufe fragen dann vor dem Ausführen, außer du erlaubst sie. Ohne diese Option ist das Netzwerk für den Code gesperrt.
tools-save-tool = Tool speichern
tools-delete-tool = Tool löschen
tools-intro = Deine eigenen Tools und die Projektdateien, die das Tool zum Lesen von Dateien liest, werden von allen Agenten geteilt. Tools laufen in diesem Browser; JavaScript läuft in einer Sandbox ohne Zugriff auf Hearths Daten. Welche Tools ein Agent aufrufen darf und welche davon vor dem Ausführen fragen, wird im Agenten festgelegt.
tools-open-agents = Agenten öffnen
tools-none-yet = Noch keine. Ein Tool besteht aus einem Namen, einer Beschreibung, einem JSON-Schema seiner Argumente und JavaScript, das sie als args erhält.
tools-allow-imported = Importiertes Tool { $tool } erlauben
tools-edit-tool = { $tool } bearbeiten
tools-imported-note = Importiert: wird dem Modell erst angeboten, wenn du seinen Code geprüft (Bearbeiten) und es erlaubt hast.
tools-new-tool = Neues Tool
tools-status-waiting = Wartet auf Zustimmung
tools-status-running = Läuft…
tools-status-not-run = Nicht ausgeführt
tools-error = Fehler
tools-status-done = Fertig
tools-call-progress = Fortschritt von { $tool }
tools-result = Ergebnis
tools-call-copy = Aufruf von { $tool } kopieren
tools-arguments = Argumente
tools-call-duration-ms = { $ms } ms
tools-call-duration-seconds = { $seconds } s
tools-media-image-not-shown = Ein Bild vom Typ { $mime }, nicht angezeigt.
tools-media-file-not-shown = Eine Datei vom Typ { $mime }, nicht angezeigt.
tools-media-image-label = Bild { $number }, zurückgegeben von { $tool }
tools-media-sound-label = Ton { $number }, zurückgegeben von { $tool }
tools-media-image-gone = Das Bild ist nicht mehr gespeichert.
tools-media-sound-gone = Der Ton ist nicht mehr gespeichert.
voice-asking-for-microphone = Mikrofonzugriff wird angefragt…
voice-listening = Hört zu (Spracherkennung des Browsers). Stoppe oder mach eine Sprechpause, um die Wörter ins Eingabefeld zu übernehmen.
voice-recording = Aufnahme läuft. Stoppe oder mach eine Sprechpause, um die Wörter ins Eingabefeld zu übernehmen.
voice-transcribing = Sprache wird in Text umgewandelt…
voice-not-loaded-retry = Die Sprachfunktion konnte nicht geladen werden (Verbindung abgebrochen?); drücke die Mikrofontaste, um es erneut zu versuchen.
voice-heard = Gehört: { $words }
voice-microphone-level = Mikrofonpegel
voice-time-recorded = Aufnahmedauer
voice-keep-as-note = Als Sprachnotiz behalten
voice-try-again = Erneut versuchen
voice-note-not-loaded = Kein Transkript: Die Sprachfunktion konnte nicht geladen werden ({ $error }).
voice-not-loaded = Die Sprachfunktion konnte nicht geladen werden: { $error }
voice-talk-connecting = Verbindung mit { $name } wird hergestellt…
voice-talk-answering = { $name } antwortet. Sprich, um zu unterbrechen.
voice-talk-hands-free = Gespräch mit { $name }: Sprich, wann du möchtest.
voice-talk-hold = Gespräch mit { $name }: Halte „Zum Sprechen halten“ gedrückt, während du sprichst.
voice-talk-you = Du: { $words }
voice-hands-free = Freihändig
voice-hold-to-talk = Zum Sprechen halten
voice-end-talk = Gespräch beenden
voice-talk-microphone-gone = Das Mikrofon ist weg (ausgesteckt oder Berechtigung entzogen); das Gesagte bleibt erhalten.
voice-talk-choose-model = Wähle zuerst ein Modell für diese Unterhaltung: „Sprechen“ nutzt dessen Konto.
voice-talk-keys-locked = Die API-Schlüssel sind gesperrt; entsperre sie, um zu sprechen.
voice-talk-unsupported-account = „Sprechen“ funktioniert mit einem Gemini-Konto (über dessen Live API) oder mit OpenAI (über dessen Realtime API); { $name } ist keins davon. Stelle diese Unterhaltung auf eines ihrer Modelle um, um zu sprechen.
voice-talk-gemini-refused = Dieser Browser hat die Verbindung zu Geminis Live API verweigert.
voice-talk-no-secret = Die Antwort von OpenAI enthielt kein Sitzungsgeheimnis; versuche es gleich noch einmal.
voice-talk-call-lost = Die Verbindung zu OpenAI ist abgebrochen (das Netzwerk, oder OpenAI hat sie beendet); das Gesagte bleibt erhalten.
voice-talk-call-refused = Dieser Browser konnte die Verbindung nicht herstellen ({ $error }); versuche es erneut, oder sprich in einem anderen Browser.
voice-talk-answer-unusable = Die Antwort von OpenAI auf den Verbindungsaufbau war nicht verwendbar ({ $error }); versuche es gleich noch einmal.
voice-talk-no-realtime = Dieses Konto bietet keine Realtime API (Antwort: { $answer }). „Sprechen“ funktioniert mit OpenAI selbst und mit Gemini.
voice-talk-call-refused-by-openai = OpenAI hat die Verbindung abgelehnt: { $answer }
voice-stopped = Es wurde gestoppt.
voice-no-answer-minute = Innerhalb einer Minute kam keine Antwort.
voice-no-answer-three-minutes = Innerhalb von drei Minuten kam keine Antwort.
voice-note-browser-recognition = Kein Transkript: Die eigene Spracherkennung des Browsers hört nur das Mikrofon. Damit Sprachnotizen transkribiert werden, wähle unter Einstellungen → Stimme ein Konto für das Diktieren.
voice-note-no-account = Kein Transkript: Wähle unter Einstellungen → Stimme ein Konto für das Diktieren, damit Sprachnotizen transkribiert werden.
voice-note-no-transcript = Kein Transkript: { $why }
voice-note-nothing-heard = Kein Transkript: Darin waren keine Wörter zu hören.
voice-note-stopped = Kein Transkript: Es wurde gestoppt.
voice-settings-unreadable = Die Spracheinstellungen konnten nicht gelesen werden: { $error }
voice-no-dictation-account = Wähle unter Einstellungen → Stimme, wer deine Sprache in Text umwandelt; es wurde nichts aufgenommen.
voice-no-reading-account = Wähle unter Einstellungen → Stimme das Konto, das vorliest.
voice-dictation-account-gone = Das für das Diktieren gewählte Konto existiert nicht mehr; wähle unter Einstellungen → Stimme ein anderes.
voice-reading-account-gone = Das für das Vorlesen gewählte Konto existiert nicht mehr; wähle unter Einstellungen → Stimme ein anderes.
voice-keys-locked-dictation = Die API-Schlüssel sind gesperrt; entsperre sie, um zu diktieren.
voice-keys-locked-reading = Die API-Schlüssel sind gesperrt; entsperre sie, um vorzulesen.
voice-no-device-model = Der Browser konnte sein Sprachmodell für { $language } nicht abrufen, um Sprache auf diesem Gerät zu erkennen (er lädt es beim ersten Mal von seinem Hersteller herunter). Es wurde nichts aufgenommen; wähle unter Einstellungen → Stimme ein Konto, oder versuche es online erneut.
voice-microphone-gone = Das Mikrofon ist weg; was bis dahin aufgenommen wurde, steht im Eingabefeld.
voice-nothing-heard = In der Aufnahme war nichts zu hören.
voice-not-kept = Die Aufnahme konnte nicht als Sprachnotiz behalten werden (dieser Browser konnte sie nicht speichern).
voice-not-transcribed = Die Aufnahme konnte nicht in Text umgewandelt werden: { $why } Sie bleibt erhalten: „Erneut versuchen“ sendet sie noch einmal.
voice-cancelled = Gestoppt, bevor der Text zurückkam. Die Aufnahme bleibt erhalten: „Erneut versuchen“ sendet sie noch einmal.
voice-nothing-to-read = Diese Antwort enthält nichts zum Vorlesen (nur Code, Formeln oder Bilder).
voice-no-browser-voice = Dieser Browser hat keine eigenen Stimmen; wähle unter Einstellungen → Stimme die Stimme des Anbieters.
voice-browser-would-not-speak = Der Browser wollte nicht sprechen.
voice-not-spoken = Die Antwort konnte nicht vorgelesen werden: { $why }
voice-getting-device-model = Sprachmodell des Browsers für { $language } wird abgerufen…

## mcp

mcp-servers = MCP-Server
mcp-servers-hint = Tools von Servern, die das Model Context Protocol über HTTP sprechen. Dieser Browser verbindet sich direkt mit ihnen, daher muss ein Server den Ursprung dieser Seite zulassen (CORS). Ein Agent bietet ihre Tools an, sobald du sie im Agenten auswählst, und jeder Aufruf fragt zuerst nach, bis du ihn erlaubst.
mcp-servers-none = Noch keine.
mcp-status-sealed-elsewhere = Seine versiegelten Header-Werte und seine Anmeldung lassen sich mit dieser Passphrase nicht öffnen. Entferne den Server und füge ihn erneut hinzu.
mcp-status-not-reached = Seit dem Laden der Seite nicht erreicht. „Prüfen“ verbindet sich mit ihm.
mcp-status-connecting = Verbindung wird hergestellt…
mcp-status-failed = Fehlgeschlagen: { $error }
mcp-status-signing-in = Anmeldung läuft: Schließe sie im geöffneten Fenster ab.
mcp-offer-tools-of = Tools von { $server } anbieten
mcp-offer-its-tools = Seine Tools anbieten
mcp-unlock-to-use = Entsperren, um { $server } zu verwenden
mcp-check-server = { $server } prüfen
mcp-check = Prüfen
mcp-sign-in-again-to = Erneut bei { $server } anmelden
mcp-sign-in-to = Bei { $server } anmelden
mcp-sign-in-again = Erneut anmelden
mcp-sign-in = Anmelden
mcp-sign-out-of = Von { $server } abmelden
mcp-sign-out = Abmelden
mcp-remove-server = { $server } entfernen
mcp-tool-count =
    { $count ->
        [one] { $count } Tool
       *[other] { $count } Tools
    }
mcp-tools-tokens =
    { $tokens ->
        [one] Zusammen fügen sie jeder Anfrage eines Agenten, der sie anbietet, etwa { $tokens } Token hinzu.
       *[other] Zusammen fügen sie jeder Anfrage eines Agenten, der sie anbietet, etwa { $tokens } Tokens hinzu.
    }
mcp-copy-headers = Die Header kopieren, die { $server } braucht
mcp-doctor-advice = Was bei { $server } zu tun ist
mcp-server-not-saved = Der MCP-Server konnte nicht gespeichert werden: { $error }
mcp-server-stored-sealed = sein Header-Wert oder seine Anmeldung wird nur versiegelt gespeichert: Entsperre zuerst deine API-Schlüssel
mcp-enter-address = Gib die Adresse des Servers ein.
mcp-enter-http-address = Gib eine http://- oder https://-Adresse ein, etwa https://example.com/mcp.
mcp-header-value-locked = Entsperre zuerst deine API-Schlüssel: Bei aktiver Schlüsselsperre wird ein Header-Wert nur mit ihnen versiegelt gespeichert.
mcp-add-server-form = MCP-Server hinzufügen
mcp-server-url = Server-URL
mcp-server-name-hint = Der erste Teil der Namen seiner Tools. Leer gelassen: sein Host.
mcp-header-name = Header-Name (optional)
mcp-header-value = Header-Wert
mcp-header-value-hint = Wird mit jeder Anfrage nur an diesen Server gesendet, wie der Schlüssel eines Anbieters.
mcp-sign-in-client = Anmelde-Client (optional)
mcp-sign-in-client-hint = Nur für einen Server, dessen Anmeldung Hearth nicht selbst registriert: die Client-ID (und das Secret), die dir sein Betreiber gegeben hat.
mcp-oauth-client-id = OAuth-Client-ID
mcp-oauth-client-secret = OAuth-Client-Secret
mcp-oauth-client-secret-hint = Wird nur an die Anmeldung des Servers gesendet, nie in ein Backup.
mcp-add-server = Server hinzufügen
mcp-prompts-and-resources = Prompts und Ressourcen
mcp-prompts-and-resources-title = Prompts und Ressourcen deiner MCP-Server
mcp-picker-hint = Ein Prompt kommt ins Eingabefeld, damit du ihn lesen und ändern kannst, bevor du ihn sendest. Eine Ressource wird an deine nächste Nachricht angehängt, mit ihrem aktuellen Text.
mcp-picker-no-server = Kein MCP-Server ist eingeschaltet. Füge einen unter Tools hinzu.
mcp-asking-server = Server wird gefragt…
mcp-offers-nothing = Er bietet keine Prompts oder Ressourcen an.
mcp-prompts = Prompts
mcp-resources = Ressourcen
mcp-prompts-of = Prompts von { $server }
mcp-resources-of = Ressourcen von { $server }
mcp-getting-prompt = Prompt { $prompt } wird abgerufen…
mcp-prompt-parts-left-out =
    { $count ->
        [one] Der Prompt { $prompt } enthält außerdem { $count } Bild, Ton oder Datei, die nicht in eine Nachricht passt; dieser Teil wurde weggelassen.
       *[other] Der Prompt { $prompt } enthält außerdem { $count } Bilder, Töne oder Dateien, die nicht in eine Nachricht passen; sie wurden weggelassen.
    }
mcp-reading-resource = { $uri } wird gelesen…
mcp-resource-parts-left-out =
    { $count ->
        [one] { $uri }: Sein { $count } binärer Teil wurde weggelassen (nur Text wird angehängt).
       *[other] { $uri }: Seine { $count } binären Teile wurden weggelassen (nur Text wird angehängt).
    }
mcp-prompt-form = Der Prompt { $prompt }
mcp-fill-in = Bitte ausfüllen: { $fields }.
mcp-insert = Einfügen
mcp-back = Zurück
mcp-argument-required = { $argument } (erforderlich)
mcp-resource-form = Die Ressource { $resource }
mcp-template-unusable = Diese Vorlage kann nicht verwendet werden: { $error }.
mcp-template-address = Adresse:
mcp-attach = Anhängen
mcp-failure-unreachable = Der Server war nicht erreichbar ({ $detail }). Prüfe die Adresse, ob der Server läuft und ob er den Ursprung dieser Seite zulässt (CORS).
mcp-failure-redirected = Der Server hat mit einer Weiterleitung geantwortet, der Hearth nicht folgt (deine Header gehen nur an die Adresse, die du festgelegt hast). Verwende die Adresse, auf die er weiterleitet.
mcp-failure-more-access = Der Server möchte mehr Zugriff, als deine Anmeldung gewährt hat. Melde dich unter Tools, MCP-Server erneut an.
mcp-failure-sign-in = Der Server möchte, dass du dich anmeldest: Nutze „Anmelden“ unter Tools, MCP-Server.
mcp-failure-refused = Der Server hat den Zugriff verweigert (HTTP 401/403). Prüfe seine Header (ein API-Schlüssel?). { $body }
mcp-failure-status = Der Server hat mit HTTP { $status } geantwortet. { $body }
mcp-failure-rpc = Der Server hat einen Fehler gemeldet ({ $code }): { $message }
mcp-failure-not-mcp = Die Antwort des Servers ist kein MCP: { $reason }.
mcp-failure-no-answer = Der Server hat seine Antwort ohne Ergebnis beendet.
mcp-failure-stopped = Vom Benutzer gestoppt.
mcp-code-not-loaded = Hearths MCP-Code konnte nicht geladen werden ({ $why }).
mcp-failure-timed-out =
    { $seconds ->
        [one] Der Server hat { $seconds } Sekunde lang nichts gesendet.
       *[other] Der Server hat { $seconds } Sekunden lang nichts gesendet.
    }
mcp-failure-gone = Der Server hat die Sitzung beendet.
mcp-failure-prompt = Der Prompt kann nicht verwendet werden: { $error }.
mcp-failure-resource = Die Ressource kann nicht angehängt werden: { $error }.
mcp-failure-removed = Der MCP-Server ist nicht mehr unter Tools vorhanden.
mcp-failure-switched-off = Der MCP-Server ist unter Tools ausgeschaltet.
mcp-failure-locked = Seine Header-Werte und seine Anmeldung sind mit der Passphrase deiner API-Schlüssel versiegelt: Entsperre deine API-Schlüssel, um diesen Server zu verwenden.
mcp-sign-in-failed = Anmeldung fehlgeschlagen: { $error }.
mcp-sign-in-unreachable = Anmeldung fehlgeschlagen: Von „{ $what }“ unter { $url } kam keine Antwort an diese Seite. Der Dienst ist vielleicht nicht erreichbar, oder er lässt keine Browserseiten zu (CORS) – dann kann sich kein Browser-Client dort anmelden: Bitte den Betreiber, diesen Ursprung zuzulassen.
mcp-sign-in-no-metadata = Anmeldung fehlgeschlagen: Der Server stellt „{ $what }“ nicht bereit.
mcp-sign-in-locked = Entsperre zuerst deine API-Schlüssel: Bei aktiver Schlüsselsperre wird eine Anmeldung nur mit ihnen versiegelt gespeichert.
mcp-what-registration-endpoint = Registrierungs-Endpunkt
mcp-what-token-endpoint = Token-Endpunkt
mcp-what-server-metadata = Metadaten des Autorisierungsservers
## An MCP App's view in a reply's tool widget (src/mcp/mcp_app.rs, mcp_app/, src/mcp/state/app_host.rs)
# The view's region name; $tool is the tool's name, $server the MCP server's
mcp-app-label = App zu { $tool } von { $server }
# Stands for the server's name when the server was removed from Hearth
mcp-app-server-removed = einem Server, der entfernt wurde
# The accessible name of the view's frame
mcp-app-frame-title = App zu { $tool }
mcp-app-close = App schließen
mcp-app-show = App anzeigen
mcp-app-show-again = App wieder anzeigen
mcp-app-closed = Die App ist geschlossen.
# $origins is a list of web origins, such as https://unpkg.com
mcp-app-reaches = Diese App kann sich mit { $origins } verbinden, sobald sie angezeigt wird.
# $why says why, in the words of Hearth's core (English)
mcp-app-failed = Die App kann nicht angezeigt werden: { $why }
mcp-app-missing = Dieses Gerät hat die Seite der App nicht.
# $server is the MCP server's name
mcp-app-fetch = Von { $server } abrufen
mcp-app-missing-removed = Dieses Gerät hat die Seite der App nicht, und ihr Server wurde entfernt.
# A question: the view asks to call one of its server's tools
mcp-app-asks-to-run = Die App möchte { $tool } auf { $server } ausführen
mcp-app-run = Ausführen
mcp-app-run-always = Ausführen und { $tool } für diese App ab jetzt immer erlauben
mcp-app-dont-run = Nicht ausführen
mcp-app-asks-to-open = Die App möchte eine Seite öffnen
# $host is the site's host name, such as example.com
mcp-app-open-link = { $host } öffnen
mcp-app-dont-open = Nicht öffnen
mcp-app-call-not-run = { $tool } wurde nicht ausgeführt.
# $error is why, already a sentence
mcp-app-call-failed = { $tool } ist fehlgeschlagen: { $error }
mcp-app-draft = Die App hat eine Nachricht in dein Eingabefeld gesetzt. Sende sie, wenn du möchtest.
mcp-app-draft-left-out =
    { $count ->
        [one] Die App hat eine Nachricht in dein Eingabefeld gesetzt ({ $count } Teil, der kein Text ist, wurde weggelassen). Sende sie, wenn du möchtest.
       *[other] Die App hat eine Nachricht in dein Eingabefeld gesetzt ({ $count } Teile, die kein Text sind, wurden weggelassen). Sende sie, wenn du möchtest.
    }
mcp-app-flooded = Die App hat mehr Nachrichten gesendet, als Hearth liest; der Rest wurde verworfen.
mcp-app-unreadable = Die App hat eine Nachricht gesendet, die Hearth nicht lesen kann; sie wurde verworfen.
mcp-app-call-refused = Die App wollte { $tool } aufrufen, das nicht zu den Tools gehört, die ihr Server Apps aufrufen lässt; das wurde abgelehnt.
mcp-app-link-refused = Die App wollte { $url } öffnen, was keine Webadresse ist; das wurde abgelehnt.
mcp-app-empty-message = Die App hat eine Nachricht ohne Text gesendet; sie wurde abgelehnt.
# $method is a protocol method's name, such as ui/open-link
mcp-app-invalid = Die App hat { $method } mit Parametern angefragt, die diese Methode nicht annimmt; das wurde abgelehnt.
mcp-app-not-sandboxed = Der Rahmen der App war nicht in einer Sandbox, daher hat sie nichts ausgeführt.
mcp-app-restarted = Die App hat ihre Seite ersetzt und wurde deshalb gestoppt. Zeige sie wieder an, um sie neu zu starten.
mcp-app-newer = Diese App wurde von einer neueren Version von Hearth gespeichert, die sie anzeigt.
apps-show-version = App-Version { $version } anzeigen
apps-preview-heading = App-Vorschau · Version { $version } von { $count }
apps-frame-title = App-Vorschau, Version { $version }
apps-tab-title = App, Version { $version }
apps-new-tab-failed = Die App konnte nicht in einem neuen Tab geöffnet werden: { $reason }.
apps-download-failed = Die App konnte nicht heruntergeladen werden: { $reason }.
apps-reload-app = App neu laden
apps-reload = Neu laden
apps-open-in-new-tab = App in neuem Tab öffnen
apps-new-tab = Neuer Tab
apps-download-app = App herunterladen
apps-download-app-title = App als HTML-Datei herunterladen
apps-block-network = Netz sperren
apps-allow-network = Netz erlauben
apps-block-network-for-app = Netzwerk für diese App sperren
apps-allow-network-for-app = Netzwerk für diese App erlauben
apps-close-preview = Vorschau schließen
apps-network-allowed = Netzwerk für diese App erlaubt.
apps-runs-offline = Läuft offline in einer Sandbox: kein Netzwerk, kein Zugriff auf Hearths Daten.
apps-allow-network-confirm = Dieser App die Nutzung des Netzwerks erlauben? Sie kann dann Dateien aus dem Internet laden und alles, was du darin eingibst, an beliebige Server senden. Hearths Daten und Schlüssel bleiben außerhalb ihrer Reichweite. Dies gilt für jede Version der App in dieser Unterhaltung.
apps-error-not-sent = Der Fehler wurde nicht gesendet: Warte, bis die Antwort fertig ist.
apps-error-reported = Die App hat einen Fehler gemeldet: { $error }
apps-show-preview = App-Vorschau anzeigen
apps-did-not-run = Die App wurde nicht ausgeführt: { $reason }.
apps-cannot-run = Die App kann nicht ausgeführt werden: { $reason }.
apps-errors-heading = Fehler in der App
apps-error-on-line = Zeile { $line }: { $error }
apps-error-source = In:
apps-send-error = Diesen Fehler an den Agenten senden
store-no-storage-export = Kein Speicher verfügbar, daher gibt es nichts zu exportieren.
store-no-storage-import = Kein Speicher verfügbar, daher kann nichts importiert werden.
store-no-storage = Kein Speicher verfügbar.
store-nothing-imported = Nichts wurde importiert: { $why }
store-import-bad-backup = Nichts wurde importiert: { $error }.
store-knowledge-failed = Die Wissensdatenbanken konnten nicht gelesen oder geschrieben werden: { $error }.
store-knowledge-summary = Wissensdatenbanken: { $bases }, mit { $files } Dateien (hier neu gelesen; was schon hier ist, bleibt unverändert)
store-import-not-text = Nichts wurde importiert: Die Datei ist weder Text noch ein Backup noch eine .zip-Datei
store-import-unrecognised = Nichts wurde importiert: Diese Datei ist weder ein Hearth-Backup noch ein ChatGPT-Export. { $reason }
store-import-changed-meanwhile = Nichts wurde importiert: Die gespeicherten Daten haben sich geändert, während die Prüfung geöffnet war (in einem anderen Tab). Importiere die Datei erneut, um zu sehen, was sie jetzt ändern würde.
store-import-damaged-attachment = Nichts wurde importiert: Ein Bild oder PDF in der Datei ist beschädigt (seine Bytes passen nicht zu seinem Fingerabdruck).
store-too-large-for-zip = die Unterhaltung ist zu groß für eine .zip-Datei
store-zip-no-conversations = die .zip-Datei enthält keine conversations.json und ist daher kein ChatGPT-Export
store-conversations-not-text = ihre conversations.json ist kein Text
store-cannot-unpack-zip = dieser Browser kann keine .zip-Dateien entpacken; entpacke sie und wähle conversations.json
store-entry-cut-short = { $file } ist abgeschnitten
store-entry-too-large = { $file } ist zu groß für den Import
store-entry-longer-than-declared = { $file } ist beschädigt (entpackt größer als angegeben)
store-entry-damaged = { $file } ist beschädigt
store-entry-checksum = { $file } ist beschädigt (die Prüfsumme stimmt nicht)
store-entry-method = { $file } ist auf eine Weise gepackt, die Hearth nicht entpacken kann ({ $method })
store-exported =
    { $conversations ->
        [one] { $conversations } Unterhaltung
       *[other] { $conversations } Unterhaltungen
    }, { $messages ->
        [one] { $messages } Nachricht
       *[other] { $messages } Nachrichten
    } exportiert.
store-exported-with-attachments =
    { $conversations ->
        [one] { $conversations } Unterhaltung
       *[other] { $conversations } Unterhaltungen
    }, { $messages ->
        [one] { $messages } Nachricht
       *[other] { $messages } Nachrichten
    }, { $attachments ->
        [one] { $attachments } Anhang
       *[other] { $attachments } Anhänge
    } exportiert.
store-import-backup-heading = Dieses Backup importieren?
store-import-chatgpt-heading = Diese ChatGPT-Unterhaltungen importieren?
store-chatgpt-changed = Unterwegs geändert: { $changes }.
store-chatgpt-skipped = Nicht aus ChatGPT importiert: { $skipped }.

## settings

sync-heading = Synchronisierung
sync-intro = Synchronisiere deine Unterhaltungen, Agenten, Einstellungen und Wissensdatenbanken über deinen eigenen CouchDB-Server zwischen Geräten. API-Schlüssel werden nie synchronisiert. Die Anleitung zeigt, wie man einen Server einrichtet.
sync-knowledge-held-hint = Es wird beim nächsten Start von Hearth erneut übernommen.
sync-server-address = Serveradresse
sync-database = Datenbank
sync-user-name = Benutzername
sync-password = Passwort
sync-encrypt-check = Mit einer Sync-Passphrase Ende-zu-Ende verschlüsseln
sync-passphrase = Sync-Passphrase
sync-passphrase-hint = Verwende auf jedem Gerät dieselbe Passphrase. Der Server speichert dann nur verschlüsselte Dokumente; eine verlorene Passphrase lässt sich nicht wiederherstellen, und die Kopie auf dem Server bleibt unlesbar.
sync-start = Synchronisierung starten
sync-stop = Synchronisierung stoppen
sync-check-server = Server prüfen
sync-unlock-keys-first = Entsperre zuerst deine API-Schlüssel: Die Schlüsselsperre versiegelt auch das Sync-Passwort.
sync-enter-address-and-database = Gib die Adresse des Servers und den Namen der Datenbank ein.
sync-address-scheme = Die Adresse beginnt mit https:// (oder http:// für einen Server auf diesem Rechner).
sync-type-passphrase = Gib die Sync-Passphrase ein: Sie verschlüsselt alles, bevor es dieses Gerät verlässt.
sync-off = Die Synchronisierung ist aus.
sync-starting = Wird gestartet…
sync-other-tab = Ein anderer Hearth-Tab synchronisiert; dieser folgt ihm.
sync-syncing = Wird synchronisiert…
sync-live = Aktuell; Änderungen auf beiden Seiten werden sofort synchronisiert.
sync-retrying = { $why }. Neuer Versuch um { $time }.
sync-last-synced = Zuletzt synchronisiert: { $time }.
sync-changes-waiting =
    { $n ->
        [one] { $n } Änderung wartet auf das Senden.
       *[other] { $n } Änderungen warten auf das Senden.
    }
sync-finding-works = Funktioniert:
sync-finding-warning = Warnung:
sync-finding-problem = Problem:
sync-checking-server = Server wird geprüft…
sync-server-check-list = Serverprüfung
sync-check-code-not-loaded = Der Code der Prüfung wurde nicht geladen ({ $error }).
sync-value-empty = (leer)
sync-shown-now = Jetzt angezeigt:
sync-other-devices-value = Auf dem anderen Gerät:
sync-keep-shown = Angezeigten Wert behalten
sync-keep-other = Wert des anderen Geräts behalten
sync-conflicts-heading = Auf zwei Geräten geändert
sync-conflicts-hint = Beide Geräte haben dies gleichzeitig geändert. Wähle den Wert, der bleiben soll; der andere wird verworfen.
sync-conflicts-list = Zu lösende Konflikte
sync-unreadable-heading = Ungelesen aufbewahrt
sync-unreadable-hint = Diese Version von Hearth kann diese Dokumente nicht lesen. Sie bleiben unverändert auf dem Server und auf jedem Gerät; nichts hier löscht oder ändert sie.
sync-unreadable-list = Dokumente, die diese Version nicht lesen kann
sync-refused-heading = Nicht synchronisiert
sync-refused-hint = Der Server hat diese abgelehnt. Sie bleiben auf diesem Gerät; alles andere wird synchronisiert.
sync-refused-list = Vom Server abgelehnte Dokumente
sync-held-why = Grund: { $why }.
sync-held-what-now = Was jetzt: { $hint }
sync-on-type-passphrase = Die Synchronisierung ist an und Ende-zu-Ende verschlüsselt: Gib die Sync-Passphrase ein und drücke „Synchronisierung starten“.
sync-code-not-loaded = Der Code der Synchronisierung wurde nicht geladen ({ $error }).
sync-wrong-passphrase = Diese Sync-Passphrase öffnet die Dokumente dieser Datenbank nicht. Gib die Passphrase ein, die du auf deinem ersten Gerät gewählt hast (eine verlorene Passphrase lässt sich nicht wiederherstellen: Die Kopie auf dem Server bleibt unlesbar).
sync-encryption-check-damaged = Die Verschlüsselungsprüfung der Datenbank kann nicht gelesen werden ({ $why }).
sync-bad-iv = ein fehlerhafter IV
sync-encryption-check-refused = der Server hat die Verschlüsselungsprüfung abgelehnt (Status { $status })
sync-encryption-check-answered = der Server hat auf die Verschlüsselungsprüfung mit { $status } geantwortet
sync-settings-unreadable = Die Sync-Einstellungen können nicht gelesen werden: Gib sie erneut ein.
sync-no-storage = In diesem Browser ist kein Speicher verfügbar, daher gibt es nichts zu synchronisieren.
sync-unlock-keys-then-start = Entsperre deine API-Schlüssel und drücke dann „Synchronisierung starten“: Die Schlüsselsperre versiegelt das Sync-Passwort.
sync-type-passphrase-to-start = Gib die Sync-Passphrase ein, um zu starten.
sync-storage-failed = Der Speicher dieses Geräts hat versagt.
sync-storage-failed-why = Der Speicher dieses Geräts hat versagt: { $why }
sync-database-encrypted = Diese Datenbank ist Ende-zu-Ende verschlüsselt: Schalte die Verschlüsselung ein und gib ihre Sync-Passphrase ein.
sync-offline = Offline, oder der Server hat nicht geantwortet ({ $detail })
sync-redirected = Der Server hat mit einer Weiterleitung geantwortet, der Hearth nicht folgt: Verwende die Adresse, auf die er weiterleitet
sync-records-kept-changing = Datensätze haben sich ständig geändert, während die Synchronisierung sie schrieb
sync-refused-credentials = Der Server hat Benutzername oder Passwort abgelehnt ({ $what }). Prüfe sie unter Einstellungen → Synchronisierung.
sync-refused-access = Dieser Benutzer darf die Datenbank nicht verwenden ({ $what }). Bitte den Administrator, ihn zu den Mitgliedern der Datenbank hinzuzufügen.
sync-refused-access-reason = Dieser Benutzer darf die Datenbank nicht verwenden ({ $what }: { $reason }). Bitte den Administrator, ihn zu den Mitgliedern der Datenbank hinzuzufügen.
sync-refused-no-database = Die Datenbank existiert nicht ({ $what }). Lege sie zuerst auf dem Server an.
sync-server-answered = { $what }: Der Server hat mit { $status } { $reason } geantwortet
sync-answer-unreadable = die Antwort des Servers konnte nicht gelesen werden ({ $error })
sync-changes-unreadable = die Änderungen des Servers konnten nicht gelesen werden ({ $error })
sync-documents-unreadable = die Dokumente des Servers konnten nicht gelesen werden ({ $error })
sync-doing-opening-database = Öffnen der Datenbank
sync-doing-reading-checkpoint = Lesen eines Checkpoints
sync-doing-writing-checkpoint = Schreiben eines Checkpoints
sync-doing-comparing-revisions = Vergleichen von Revisionen
sync-doing-checking-encryption = Prüfen, ob die Datenbank Ende-zu-Ende verschlüsselt ist
sync-doing-sending-changes = Senden von Änderungen
sync-doing-reading-changes = Lesen von Änderungen
sync-doing-fetching-changes = Abrufen von Änderungen
sync-doing-fetching-attachments = Abrufen von Anhängen
settings-reading-file = Datei wird gelesen…
settings-review-import = Prüfe den Import.
settings-import-cancelled = Import abgebrochen. Es wurde nichts geändert.
settings-import-progress = Fortschritt des Imports
settings-import-reading = Datei wird gelesen: { $done } von { $total } Einträgen
settings-import-writing = Wird geschrieben: { $done } von { $total } Nachrichten
settings-confirm-delete-all = Alle Unterhaltungen, Wissensdatenbanken, Einstellungen und Schlüssel in diesem Browser löschen?
settings-all-data-deleted = Alle Daten gelöscht.
settings-auto-title = Titel von Unterhaltungen mit dem Modell erzeugen
settings-stall-timeout = Eine Antwort nach so vielen Sekunden ohne Daten aufgeben
settings-stall-timeout-invalid = Gib eine ganze Zahl von Sekunden zwischen 1 und 3600 ein.
settings-backup-heading = Backup
settings-backup-hint = Alles bleibt in diesem Browser. Eine Backup-Datei stellt es hier oder in einem anderen Browser wieder her.
settings-include-keys = API-Schlüssel ins Backup aufnehmen
settings-export-backup = Backup exportieren
settings-import-file = Backup oder ChatGPT-Export importieren (.zip oder conversations.json)
settings-danger-zone = Gefahrenbereich
settings-delete-all = Alle Daten löschen
settings-import-will = Noch wurde nichts geändert. Der Import wird:
settings-import-confirm = Importieren
settings-image-hosts = Bilder von diesen Hosts automatisch laden
settings-image-hosts-none = keine
settings-image-hosts-hint = Trenne Hosts durch Leerzeichen, zum Beispiel: upload.wikimedia.org. Bilder von anderen Hosts warten auf „Bild laden“.
settings-not-a-host = Kein Hostname: { $hosts }. Es wurde nichts geändert.
settings-long-conversations = Lange Unterhaltungen
settings-long-conversations-hint = Wenn eine Unterhaltung das Kontextfenster ihres Modells füllt, werden die älteren Runden zusammengefasst. Die erste Nachricht und die letzten Runden werden unverändert gesendet; jede Nachricht bleibt gespeichert und sichtbar.
settings-compact-at = Komprimieren ab (% des Kontextfensters)
settings-keep-last-turns = Die letzten N Runden wörtlich behalten
settings-summarise-with = Zusammenfassen mit
settings-own-model = Das Modell der Unterhaltung
settings-storage = Speicher
settings-storage-counting = Bilder und PDFs: wird gezählt…
settings-storage-attachments =
    { $n ->
        [one] Bilder und PDFs: { $n } Datei, { $size }.
       *[other] Bilder und PDFs: { $n } Dateien, { $size }.
    }
settings-storage-browser = Dieser Browser: Hearth nutzt { $used } von den { $quota }, die es nutzen darf ({ $share } %).
settings-voice-hint = Das Diktieren nimmt nur auf, solange die Mikrofontaste gedrückt ist, und sendet die Aufnahme an das hier gewählte Konto oder den hier gewählten Dienst, nirgendwo sonst; beim Browser auf diesem Gerät bleibt sie hier.
settings-dictation-with = Sprache in Text umwandeln mit
settings-dictation-off = Noch niemand (Diktieren ist aus)
settings-dictation-browser-service = Sprachdienst dieses Browsers (deine Stimme geht an den Hersteller des Browsers, etwa Google)
settings-dictation-device = Dieser Browser, auf diesem Gerät
settings-dictation-device-available = Dieser Browser, auf diesem Gerät (deine Stimme bleibt hier)
settings-dictation-device-downloadable = Dieser Browser, auf diesem Gerät (deine Stimme bleibt hier; er lädt zuerst sein Sprachmodell herunter)
settings-dictation-device-unavailable = Dieser Browser, auf diesem Gerät (nicht für diese Sprache)
settings-dictation-device-none = Dieser Browser, auf diesem Gerät (dieser Browser kann es nicht)
settings-transcription-model = Transkriptionsmodell
settings-language-spoken = Gesprochene Sprache (etwa en oder de; leer: beliebig)
settings-read-aloud-with = Antworten vorlesen mit
settings-read-aloud-browser = Stimmen dieses Browsers (auf diesem Gerät)
settings-read-aloud-account = Sprach-API eines Kontos (es erhält den Text der Antwort)
settings-speech-account = Sprachkonto
settings-choose-account = Konto wählen
settings-speech-model = Sprachmodell
settings-voice-name = Stimme (leer: Standard)
settings-voice-browser-default = die des Browsers
settings-speed = Geschwindigkeit
settings-voice-speed = { $speed }×
settings-talk-model = Gesprächsmodell (leer: das der Modellfamilie)

composer-more-options = Weitere Optionen

tools-builtin-current-time = Aktuelle Uhrzeit
tools-builtin-calculator = Rechner
tools-builtin-fetch-url = URL abrufen
tools-builtin-search-conversations = Meine Unterhaltungen durchsuchen
tools-builtin-read-project-file = Eine Projektdatei lesen
tools-builtin-run-javascript = JavaScript ausführen
chat-compare-recipe-combine = Zu einer Antwort zusammenführen
chat-compare-recipe-table = In einer Tabelle vergleichen
chat-compare-recipe-own = Meine eigene Anweisung
providers-inputs-from-user = wie unter Anbieter eingestellt
providers-inputs-from-model-list = laut Modellliste des Anbieters
providers-inputs-from-refusal = der Anbieter hat es früher abgelehnt
providers-inputs-from-documentation = laut Dokumentation des Anbieters
language-held = Jetzt nicht neu geladen: Eine Antwort kommt noch oder eine Nachricht ist nicht gesendet. Die Sprache gilt beim nächsten Öffnen von Hearth, oder drücke erneut auf Übernehmen, wenn sie fertig sind.

## Knowledge bases (the Knowledge dialog, an agent's bases, a reply's passages, the viewer)

knowledge-top = Wissen
knowledge-hint = Wissensdatenbanken sind deine Dateien, gelesen und durchsucht in diesem Browser. Ein Agent mit einer Wissensdatenbank erhält zu jeder Frage die am besten passenden Textstellen samt Quellen und kann erneut suchen. Nur diese Textstellen gehen mit deiner Frage hinaus; eine Wissensdatenbank mit Embeddings sendet ihre Textstellen außerdem an das Embedding-Modell, das du wählst.
knowledge-none = Noch keine Wissensdatenbank.
knowledge-new = Neue Wissensdatenbank
knowledge-new-placeholder = Name, etwa Handbuch
knowledge-make = Anlegen
knowledge-add-files = Dateien hinzufügen
knowledge-add-folder = Ordner hinzufügen
knowledge-words-only = Nur Wortsuche (ohne Embeddings)
knowledge-use = Verwenden
knowledge-start-embedding = Einbetten starten
knowledge-carry-hint = Andere Geräte und ein Browser, in dem eine Sicherung wiederhergestellt wird, nutzen sie dann, statt die Dateien erneut einzubetten.
knowledge-read-again = Erneut lesen
knowledge-waiting = Wartet auf das Einlesen
knowledge-failed = Fehlgeschlagen
knowledge-binary = Übersprungen: Die Datei ist kein Text, was auch immer ihr Name sagt.
knowledge-empty = Übersprungen: Die Datei ist leer.
knowledge-mention-base = { $name } (Wissensdatenbank)
knowledge-mention-file = { $name } (in { $base })
knowledge-not-arrived = Wartet auf seine Daten von deinem anderen Gerät (Synchronisierung).
knowledge-encrypted = Übersprungen: Die Datei ist verschlüsselt, daher kann ihr Text nicht gelesen werden.
knowledge-zip-bomb = Abgelehnt: Entpackt wäre sie weit größer als angegeben (eine Zip-Bombe?).
knowledge-no-text = Fehlgeschlagen: Darin wurde kein Text gefunden (ein Scan?).
knowledge-gone = Diese Datei ist nicht mehr in ihrer Wissensdatenbank; das hat die Antwort erhalten:
knowledge-file-text = Der Text der Datei
knowledge-cited = zitiert
knowledge-agent-bases = Wissensdatenbanken
knowledge-agent-none = Noch keine Wissensdatenbank: Lege eine unter Wissen an.
knowledge-agent-budget = Tokens an Textstellen pro Frage
knowledge-problem = Bei den Wissensdatenbanken ist etwas schiefgegangen: { $detail }
knowledge-removed-files =
    { $count ->
        [one] { $name } entfernt
       *[other] { $count } Dateien entfernt
    }
knowledge-removed-base = { $name } entfernt
knowledge-totals =
    { $files ->
        [one] { $files } Datei
       *[other] { $files } Dateien
    } · { $size } · { $passages ->
        [one] { $passages } Textstelle
       *[other] { $passages } Textstellen
    }
knowledge-add-files-to = Dateien zu { $name } hinzufügen
knowledge-add-folder-to = Ordner zu { $name } hinzufügen
knowledge-remove-base = { $name } entfernen
knowledge-files-of = Dateien von { $name }
knowledge-embed-account = Embeddings für { $name }
knowledge-embed-model = Embedding-Modell für { $name }
knowledge-carry-vectors = Embeddings von { $name } in Sicherungen und Synchronisierung mitnehmen
knowledge-cost-local = Etwa { $tokens } Tokens zum Einbetten, auf diesem Rechner: kostenlos.
knowledge-cost = Etwa { $tokens } Tokens zum Einbetten: etwa ${ $dollars } zum veröffentlichten Preis.
knowledge-cost-unknown = Etwa { $tokens } Tokens zum Einbetten; Hearth kennt den Preis dieses Modells nicht.
knowledge-remove-file = { $name } entfernen
knowledge-retry-file = { $name } erneut lesen
knowledge-embedding =
    { $passages ->
        [one] { $passages } Textstelle, wird eingebettet
       *[other] { $passages } Textstellen, werden eingebettet
    }
knowledge-embedded =
    { $passages ->
        [one] { $passages } Textstelle, eingebettet
       *[other] { $passages } Textstellen, eingebettet
    }
knowledge-embed-failed =
    { $passages ->
        [one] { $passages } Textstelle; Einbetten fehlgeschlagen ({ $error }), daher wird die Datei nach Wörtern durchsucht
       *[other] { $passages } Textstellen; Einbetten fehlgeschlagen ({ $error }), daher wird die Datei nach Wörtern durchsucht
    }
knowledge-indexed =
    { $passages ->
        [one] { $passages } Textstelle
       *[other] { $passages } Textstellen
    }
knowledge-too-large = Übersprungen: { $size } ist mehr als die { $limit }, die eine Datei haben darf.
knowledge-unsupported = Übersprungen: Hearth liest keine .{ $extension }-Dateien.
knowledge-malformed = Fehlgeschlagen: Die Datei ist beschädigt oder nicht das, was ihr Name sagt ({ $detail }).
knowledge-duplicate = Übersprungen: Dieselbe Datei ist hier schon als { $of } vorhanden.
knowledge-too-many = Übersprungen: Eine Wissensdatenbank fasst höchstens { $limit } Dateien.
knowledge-open-pdf-page = PDF auf Seite { $page } öffnen
knowledge-reply-summary =
    { $count ->
        [one] Aus deiner Wissensdatenbank: { $count } Textstelle
       *[other] Aus deiner Wissensdatenbank: { $count } Textstellen
    }
knowledge-open-passage = { $passage } öffnen
knowledge-more-files = { $count ->
        [one] …und 1 weitere Datei
       *[other] …und { $count } weitere Dateien
    }
knowledge-unlink = Trennen
knowledge-link-folder = Ordner verknüpfen
knowledge-folder-linked = Wird mit dem Ordner { $folder } abgeglichen.
knowledge-folder-allow = Lesen von { $folder } wieder erlauben
knowledge-folder-unlink = Ordner von { $name } trennen
knowledge-folder-link = Einen Ordner mit { $name } verknüpfen, laufend abgeglichen
knowledge-agent-budget-error = Gib eine ganze Zahl von 200 bis 32000 Token ein oder lass das Feld für den Standardwert leer.
