# Hearth's interface in English, the source language: one message per text a person reads.
# The code holds each English text where it is shown, through `tr("…")` (a plain text, found
# here by its English) or `tr_with("id", …)` (a message with arguments); scripts/i18n-check.mjs
# keeps the two in step. Every other <tag>.ftl here has the same ids, translated
# (hearth-core/src/i18n/tests.rs checks it). See docs/development.md, "Translations".
## i18n

# Settings → Language (src/i18n/)
# The field's label
language = Language
# The first choice of the language list: follow the browser; $name is the language that gives, in itself (e.g. "Deutsch")
language-automatic = Automatic ({ $name })
# The button that applies the chosen language (the page reloads)
language-apply = Apply and reload
language-hint = The interface's language on this device. What you and the models write is never translated.
# $name: the language shown instead; $why: the reason, in English
language-failed = The chosen language could not be loaded, so { $name } is shown: { $why }
language-not-kept = This browser would not keep the choice (its storage is blocked or full).

## chat

# The chat: src/chat/*.rs, src/chat/compare/, src/chat/branches/, src/chat/conversation/; the page: src/app.rs, src/app/; shared parts: src/ui/
## The top bar (src/app/top_bar.rs)
# Top bar button (icon) that opens the Agents dialog; also an entry of the "More" menu
app-agents = Agents
# Top bar button (icon) that opens the Tools dialog; also an entry of the "More" menu
app-tools = Tools
# Top bar button (icon) that opens the Settings dialog; also an entry of the "More" menu
app-settings = Settings
# Accessible name of the button that shows the sidebar (the list of conversations) on narrow screens
app-conversations = Conversations
# Tooltip of the button that shows the sidebar (the list of conversations)
app-show-conversations = Show conversations
# Name of the top bar's menu button holding Agents, Tools and Settings on narrow screens
app-more = More
## Shared parts (src/ui/)
# Status shown for a moment after a Copy button put a text on the clipboard
ui-copied = Copied
# Name and tooltip of an icon button that copies a text to the clipboard
ui-copy = Copy
# Button that closes a dialog
ui-close = Close
# Button that tries again (a part of the app that failed to load; a failed answer in a comparison)
ui-retry = Retry
## The conversation
# Accessible name of the scrolling area that holds the messages
chat-messages = Messages
# Accessible name of the live log of the conversation's messages
chat-conversation = Conversation
# Accessible name of a message written by the user (as in "a message from you")
chat-message-you = You
# Accessible name of a system message in the conversation
chat-message-system = System
# Floating button that scrolls back to the newest message
chat-jump-to-latest = Jump to latest
chat-conversation-not-found = Conversation not found
chat-conversation-not-found-detail = This address names a conversation that is not in this browser. It may have been deleted, or it was made in another browser: conversations are stored only in the browser that made them.
chat-start-new-chat = Start a new chat
# An empty conversation while no AI provider is set up; the names are products
chat-add-provider-to-start = Add a provider to start: OpenAI, Anthropic, Gemini, or any OpenAI-compatible server, including Ollama or LM Studio on this computer.
# Button that opens the Providers dialog
chat-set-up-provider = Set up a provider
## The welcome of an empty conversation
chat-welcome-heading = How can I help you today?
# Accessible name of the list of example prompts
chat-suggestions = Suggestions
# Suggestion button label; the next message is the prompt it puts in the message box
chat-suggestion-explain = Explain something simply
# A prompt the user may send as their own message (shown on the suggestion, then put in the message box)
chat-suggestion-explain-prompt = Explain how HTTPS keeps a connection private, in simple terms.
# Suggestion button label
chat-suggestion-code = Write some code
# A prompt the user may send as their own message
chat-suggestion-code-prompt = Write a function that checks whether a string is a palindrome, with tests.
# Suggestion button label
chat-suggestion-summarise = Summarise a text
# A prompt the user may send as their own message; the user pastes a text after it
chat-suggestion-summarise-prompt = Summarise this text in three bullet points:
# Suggestion button label
chat-suggestion-plan = Plan a weekend
# A prompt the user may send as their own message
chat-suggestion-plan-prompt = Help me plan a relaxed weekend away. Ask me what I enjoy first.
chat-welcome-privacy = Nothing leaves this browser except the request to your provider.
## The bar above the conversation (title and actions)
# Accessible name of the bar that shows the open conversation's title and actions
chat-open-conversation = Open conversation
chat-export-markdown = Export as Markdown
# Button that opens the outline of the conversation's branches (forks)
chat-branches = Branches
# Tooltip of the Branches button
chat-branches-tooltip = Every place this conversation forks, to show any branch
# Tooltip of "Export with other versions"
chat-export-versions-tooltip = The branch shown, then every other version as an appendix
chat-export-with-versions = Export with other versions
# Tooltip of "Clear conversation" when there is nothing to clear
chat-clear-already-empty = The conversation is already empty
# Tooltip of "Clear conversation"
chat-clear-tooltip = Delete all its messages
chat-clear-conversation = Clear conversation
# Confirmation before clearing; $title is the conversation's title
chat-clear-confirm = Clear the conversation “{ $title }”? All its messages will be deleted; the conversation stays in the list, empty. This cannot be undone.
## The summary divider (where a summary of earlier messages takes over)
# The divider's button, when the number of messages is not known
chat-summary-divider = Earlier messages summarised
# The divider's button; $n is how many messages the summary stands for
chat-summary-divider-count =
    { $n ->
        [one] Earlier messages summarised ({ $n } message)
       *[other] Earlier messages summarised ({ $n } messages)
    }
# Accessible name of the divider
chat-summary-group = Summary of earlier messages
# Accessible name of the region that shows the summary's text
chat-summary = Summary
# Accessible name of the divider's Undo button
chat-summary-undo-label = Undo summary
# Tooltip of the divider's Undo button
chat-summary-undo-tooltip = Delete this summary: requests send the earlier messages again
# Button that deletes the summary
chat-undo = Undo
## A message the user sent
# Button under a very long message; $size is its size, already written ("820 KB")
chat-show-whole-message = Show the whole message ({ $size })
# Accessible name of the version arrows of a message the user sent
chat-versions-of-message = Versions of this message
# Icon button under a message the user sent
chat-edit = Edit
# Tooltip of Edit
chat-edit-tooltip = Edit and send again (the original stays)
## Images, PDFs and voice notes a sent message carried
# Button name of an image or PDF; $name is the file name, $detail what it is ("JPEG, 2000 × 1500, 412 KB")
chat-media-open = Open { $name } ({ $detail })
# Shown in place of a file's details when its bytes were deleted
chat-media-missing = No longer stored
# Accessible name of the list of a message's images, PDFs and voice notes
chat-media-list = Images, PDFs and voice notes
# Text alternative of an image opened large; $name is the file name, $detail what it is
chat-media-image-alt = { $name }, attached to the message ({ $detail })
# The reason in chat-media-not-downloaded, when the file's bytes were deleted
chat-media-no-longer-stored = it is no longer stored
# $name is the file name; $reason why (such as chat-media-no-longer-stored)
chat-media-not-downloaded = { $name } was not downloaded: { $reason }.
# Button of the large view of an image or PDF: saves it as a file
chat-media-download = Download
# Accessible name of a voice note's player; $name is the file name
chat-voice-note-play = Play { $name }
# Folded text under a voice note: what was heard in it
chat-voice-note-transcript = Transcript
## Versions (branches) of a message
# Hidden text read with the version arrows; "Version 2 of 3"
chat-version-of = Version { $number } of { $count }
# Accessible name of the arrow to the previous version
chat-show-previous-version = Show the previous version
# Tooltip of the arrow to the previous version
chat-previous-version = Previous version
# Accessible name of the arrow to the next version
chat-show-next-version = Show the next version
# Tooltip of the arrow to the next version
chat-next-version = Next version
# Name of the menu button under a message
chat-more-actions = More actions
# Menu entry under a reply; also the heading of the dialog that edits it
chat-edit-answer = Edit this answer
# Menu entry under a message: start a new conversation from here
chat-branch-new-chat = Branch into a new chat
# Menu entry under a message
chat-delete-version = Delete this version
# Menu entry under a message: delete every other branch of the conversation
chat-keep-only-path = Keep only this path
# Accessible name of the box that edits a sent message
chat-edit-your-message = Edit your message
chat-edit-message-hint = Sent as a new version: the original and its answers stay, one arrow away.
# Button that leaves an editor without saving
chat-cancel = Cancel
# Button that sends an edited message
chat-send = Send
# Accessible name of the box that edits a reply
chat-answer-text = Text of the answer
chat-edit-answer-hint = Save as new version keeps the original one arrow away. Fix in place changes this answer and marks it edited. Nothing below it is removed either way.
# Button: change the reply itself (it is marked edited)
chat-fix-in-place = Fix in place
# Button: keep the edited reply as another version beside the original
chat-save-new-version = Save as new version
## The outline of a conversation's branches
chat-outline-heading = Branches of this conversation
chat-outline-hint = Every place this conversation forks, and its versions. Pick one to show its branch.
# Marks the version currently shown in the conversation
chat-outline-shown = shown
# A fork where a question got several answers; $turn is the turn's number, $count the number of answers
chat-outline-fork-answers =
    { $count ->
        [one] Turn { $turn } · { $count } answer
       *[other] Turn { $turn } · { $count } answers
    }
# A fork where a question was edited; $turn is the turn's number, $count the number of versions
chat-outline-fork-questions =
    { $count ->
        [one] Turn { $turn } · { $count } version of the question
       *[other] Turn { $turn } · { $count } versions of the question
    }
# One version in the outline: "2 of 3: first words of the message"
chat-outline-version = { $number } of { $count }: { $text }
# A reply's model name, when the reply was edited by hand
chat-outline-model-edited = { $model }, edited
## Comparing models (several answers side by side)
# The name of one answer of a comparison; $letter is A, B, C…
chat-compare-answer-name = Answer { $letter }
# The name of an answer written by merging the others
chat-compare-merged-answer = Merged answer
# Under a merged answer; $count is how many answers it merged, $recipe the first words of the instruction
chat-compare-merge-credit =
    { $count ->
        [one] Written from { $count } answer with: “{ $recipe }”
       *[other] Written from { $count } answers with: “{ $recipe }”
    }
# Shown while an answer is being written
chat-compare-writing = Writing…
# Accessible name of an answer's Stop; $name is the answer's name ("Answer B")
chat-compare-stop-answer = Stop { $name }
# Button that stops an answer being written
chat-compare-stop = Stop
# Accessible name of an answer's Retry; $name is the answer's name
chat-compare-retry-answer = Retry { $name }
# Accessible name of "Continue with this"; $name is the answer's name
chat-compare-continue-with-answer = Continue with { $name }
# Pressed state of the button: the conversation goes on from this answer
chat-compare-continuing = Continuing with this
# Button: go on with the conversation from this answer
chat-compare-continue-with-this = Continue with this
# Tooltip of an answer's checkbox; "Continue separately" is the button's name (chat-compare-continue-separately)
chat-compare-choose-tooltip = Choose it for “Continue separately”
# Accessible name of an answer's checkbox; $name is the answer's name
chat-compare-choose-answer = Choose { $name } to continue separately
# Label of an answer's checkbox
chat-compare-choose = Choose
# A part of an answer's statistics; $time is a duration already written ("1.2 s")
chat-compare-first-token-time = { $time } to first token
# A part of an answer's statistics: the whole time; $time is a duration already written ("4.8 s")
chat-compare-total-time = { $time } in all
# A part of an answer's statistics: the tokens written
chat-compare-output-tokens =
    { $n ->
        [one] { $n } token
       *[other] { $n } tokens
    }
# A part of an answer's statistics: an estimated cost; $cost is already written ("$0.0031")
chat-compare-cost = about { $cost }
# After "Continue separately": how many new conversations were made
chat-compare-new-chats =
    { $n ->
        [one] { $n } new chat, listed under this one.
       *[other] { $n } new chats, listed under this one.
    }
# Accessible name of a comparison; $n is the number of answers
chat-compare-turn-label = Compared answers ({ $n })
# Accessible name of the bar of buttons that go to each answer
chat-compare-answers = Answers
# Toggle button: each column scrolls on its own
chat-compare-scroll-separately = Scroll columns separately
# Tooltip of "Continue separately"
chat-compare-continue-separately-tooltip = Each chosen answer goes on in a new chat of its own
# Button: each chosen answer goes on in a conversation of its own
chat-compare-continue-separately = Continue separately
# The same button with how many answers are chosen
chat-compare-continue-separately-count = Continue separately ({ $n })
# Button that opens the form to merge the answers into a new one
chat-compare-merge-open = Merge…
# Accessible name of the merge form
chat-compare-merge-form = Merge the answers
# Label of the choice of how to merge (combine, compare in a table, your own)
chat-compare-recipe = Recipe
# Label of the merge's instruction to the model
chat-compare-instruction = Instruction
# Label of the choice of the model that writes the merge
chat-compare-written-by = Written by
# The first choice of "Written by": the model of the conversation's agent
chat-compare-agent-model = The agent's model
# Button that starts the merge
chat-compare-merge = Merge

## composer

# The composer and the conversations sidebar (src/composer/, src/composer/state/, src/sessions/)
## The composer (src/composer/)
# The composer form's accessible name (the area where a message is written and sent)
composer-label = Composer
# Key hint under the message box; Enter, Shift+Enter and @ are keys to press
composer-keys = Enter sends · Shift+Enter adds a line · @ attaches a file
# The message box's accessible name
composer-message = Message
# The message box's placeholder ("Hearth" is the app's name)
composer-message-placeholder = Message Hearth…
# Talk button: a spoken, realtime conversation with the model
composer-talk = Talk
composer-talk-title = Talk with the model, out loud
# Toggle button (short label): answer with the provider's web search
composer-search = Search
composer-search-web = Search the web
composer-search-title = Answer with the provider's own web search, with sources
# Button on touch screens: opens the camera to attach a photo
composer-take-photo = Take a photo
# Toggle button (short label): opens the panel that sends a message to several models at once
composer-compare = Compare
# The Compare toggle's accessible name, and the Compare panel's heading
composer-compare-models = Compare models
composer-compare-title = Send the next message to several models and see their answers side by side
# Select: how much a reasoning model thinks before answering
composer-effort = Reasoning effort
composer-effort-title = How hard a reasoning model thinks before answering
# Choices of the reasoning effort select; "default" is the agent's own setting
composer-effort-default = Effort: default
composer-effort-low = Effort: low
composer-effort-medium = Effort: medium
composer-effort-high = Effort: high
# Button: dictate the message (speech to text); Alt+Shift+U is a keyboard shortcut
composer-dictate = Dictate
composer-dictate-title = Speak instead of typing (Alt+Shift+U)
# Button (short label): summarise the older part of the conversation now
composer-compact = Compact
composer-compact-conversation = Compact conversation
composer-compact-title = Summarise earlier messages now; they stay here, and requests send the summary
# Context meter: how full the model's context window would be; $used and $window count tokens, $percent is a percentage
composer-context-used =
    { $window ->
        [one] { $used } of { $window } token · { $percent } %
       *[other] { $used } of { $window } tokens · { $percent } %
    }
# The context meter's accessible name
composer-context-window-used = Context window used
composer-context-full = The next request will summarise earlier messages first
composer-context-estimated = Estimated size of the next request
## Attachments
# Button (icon): attach files to the next message
composer-attach-file = Attach a file
# The Attach button's tooltip; .md and .txt are file extensions
composer-attach-title = Attach images, PDFs, audio or text files (.md, .txt)
# Added to the Attach button's tooltip; $model is a model's name; $reason says who says so (in English)
composer-reads-no-pdfs = { $model } reads no PDFs ({ $reason }): a PDF goes as its text.
composer-reads-no-images = { $model } reads no images ({ $reason }): an image goes as a note.
composer-reads-no-images-or-pdfs = { $model } reads no images or PDFs ({ $reason }): an image goes as a note, a PDF as its text.
# The accessible name of the list of files attached to a message
composer-attached-files = Attached files
composer-attached-media = Attached images, PDFs and voice notes
# Button (×) that takes an attached file off; $name is the file's name
composer-remove-file = Remove { $name }
# An attachment being prepared (shrunk, read)
composer-preparing = Preparing…
# How an attachment will be sent; $summary is its format, size and weight, e.g. "JPEG, 2000 × 1500, 412 KB"
composer-media-will-be-sent = Will be sent as { $summary }
# A voice note's transcript is being made
composer-transcribing = Transcribing…
composer-no-transcript-offered = No transcript: a model that hears no audio gets only a mention of it.
# $text is the transcript itself (what was said)
composer-transcript = Transcript: { $text }
composer-no-transcript = No transcript.
# The voice note player's accessible name; $name is the file's name
composer-voice-note-play = Play { $name }
# Button: turn a voice note into text
composer-make-transcript = Make a transcript
# The Make a transcript button's accessible name; $name is the file's name
composer-voice-note-ask = Make a transcript of { $name }
# Note under an iPhone photo (HEIC format) that could not be converted; Gemini is a family of models
composer-heic-kept = This browser cannot convert HEIC photos: it is kept as it is, and only Gemini models can read it.
# Why a file was not attached; $name is the file's name
composer-refused-unknown = “{ $name }” was not attached: Hearth takes images, PDFs, audio and .md or .txt files.
composer-refused-not-audio = “{ $name }” was not attached: this browser could not play it as audio (is it damaged?).
# $minutes: the longest voice note taken, in minutes
composer-refused-too-long =
    { $minutes ->
        [one] “{ $name }” was not attached: it is longer than { $minutes } minute (shorten it, or split it).
       *[other] “{ $name }” was not attached: it is longer than { $minutes } minutes (shorten it, or split it).
    }
# $limit: the largest file taken, in megabytes
composer-refused-too-large = “{ $name }” was not attached: it is larger than { $limit } MB.
composer-refused-unreadable = “{ $name }” was not attached: this browser could not read it as an image.
# $detail says what failed, e.g. composer-failed-stored below
composer-refused-failed = “{ $name }” was not attached: { $detail }.
composer-refused-not-loaded = “{ $name }” was not attached: Hearth's code for attachments did not load (check the connection and try again).
# The end of composer-refused-failed's sentence ("… was not attached: it could not be stored."): "it" is the file
composer-failed-stored = it could not be stored
# The end of composer-refused-failed's sentence ("… was not attached: it could not be hashed."): "it" is the file
composer-failed-hashed = it could not be hashed
## Attaching a project file by typing @ in the message box
# The accessible name of the list of matching project files
composer-project-files = Project files
# Read out when exactly one project file matches what was typed after @
composer-mention-one-match = 1 project file matches. Enter or Tab attaches it, Escape closes the list.
# Read out when several project files match ($n is never 1: composer-mention-one-match says that); Up, Down, Enter, Tab and Escape are keys
composer-mention-matches =
    { $n ->
        [one] { $n } project file matches. Up and Down choose, Enter or Tab attaches, Escape closes the list.
       *[other] { $n } project files match. Up and Down choose, Enter or Tab attaches, Escape closes the list.
    }
composer-knowledge-matches = { $n } knowledge bases and files match. Up and Down choose, Enter or Tab picks, Escape closes the list.
composer-knowledge-one-match = 1 knowledge base or file matches. Enter or Tab picks it, Escape closes the list.
composer-knowledge-list = Knowledge bases and files
# "Attach a file" is the Attach button's name; "Tools" is the Tools dialog
composer-mention-no-files = No project files yet. Add one with Attach a file, by dropping it on the conversation, or in Tools.
# $query is what was typed after @
composer-mention-no-match = No project file matches “{ $query }”.
## Create an image
# Button (short label) that opens the Create an image dialog
composer-image = Image
# The button's accessible name and the dialog's heading
composer-create-image = Create an image
composer-image-title = Ask the provider's image model for pictures of what you write
# Field: the prompt, what the picture shows
composer-what-to-draw = What to draw
# $name is the attached image's file name
composer-picture-edits = The model edits the picture attached in the message box: { $name }.
composer-picture-how-to-edit = To edit a picture, attach it in the message box first.
# Field: the name of the model that makes pictures
composer-image-model = Image model
composer-image-model-hint = Asked of the account that answers this conversation.
composer-draw-first = Write what to draw first.
composer-name-model-first = Name an image model first.
# "The banner" is the message at the top of the page saying this tab cannot save
composer-picture-not-sent = Nothing was sent: a reply is still being written here, an attachment is being prepared, or this tab can no longer save (see the banner).
# Dialog button: make the pictures
composer-create = Create
# Select's accessible name: the picture's size
composer-picture-size = Size
# Select's accessible name: the picture's quality
composer-picture-quality = Quality
composer-picture-count = How many pictures
# Size choices; automatic: the provider decides
composer-size-automatic = Size: automatic
# Picture shape: as wide as high
composer-size-square = Square
# Picture shape: wider than high
composer-size-landscape = Landscape
# Picture shape: higher than wide
composer-size-portrait = Portrait
# Quality choices; automatic: the provider decides
composer-quality-automatic = Quality: automatic
composer-quality-low = Quality: low
composer-quality-medium = Quality: medium
composer-quality-high = Quality: high
# Choices of how many pictures to make
composer-pictures-1 = 1 picture
composer-pictures-2 = 2 pictures
composer-pictures-3 = 3 pictures
composer-pictures-4 = 4 pictures
## The Compare panel
composer-compare-hint = Your next message goes to each column; the answers stream side by side.
# Button: add one more model to compare
composer-compare-add-column = Add a column
# Checkbox: blind mode, the models' names are hidden until the user picks the best answer
composer-compare-blind = Blind: hide the models' names until I pick one
# Tooltip of the estimated cost ("≈ 3× the cost")
composer-compare-cost-title = Estimated from the conversation's length and listed prices
# Button: close the Compare panel
composer-stop-comparing = Stop comparing
# $tally lists model names with how many times each was picked, e.g. "gpt-5 3 · claude 2"
composer-compare-blind-picks = Blind picks on this device: { $tally }
# $letter is a column's letter (A, B, C, D)
composer-column-agent = Agent of column { $letter }
composer-column-model = Model of column { $letter }
composer-column-remove = Remove column { $letter }
# After a compare turn: which answer the next message continues from
composer-follows-merged = Your next message follows the merged answer.
# $letter is the answer's column letter; “Continue with this” is the name of a button under each answer
composer-follows-blind-answer = Your next message follows answer { $letter }. Pick one with “Continue with this”.
# $letter is the answer's column letter, $model the model's name
composer-follows-answer = Your next message follows answer { $letter } ({ $model }).
# Button (icon) that closes the sidebar on narrow screens
sessions-close = Close conversations
# Button: start a new conversation
sessions-new-chat = New chat
sessions-search-label = Search conversations
# Placeholder of the sidebar's search box
sessions-search-placeholder = Search all messages
sessions-list = Conversation list
sessions-show-more = Show more conversations
sessions-empty = Your conversations will appear here. They are stored only in this browser.
# Toast after a conversation was deleted; $title is its title
sessions-deleted = Deleted “{ $title }”
# A conversation's actions (buttons and menu entries)
sessions-rename = Rename
sessions-pin = Pin
sessions-unpin = Unpin
sessions-delete = Delete
# The row menu's accessible name; $title is the conversation's title
sessions-actions-for = Actions for { $title }
# Tooltip of the pin icon of a pinned conversation
sessions-pinned = Pinned
# The field that renames a conversation
sessions-title-field = Conversation title
# A dot beside a conversation whose reply is being written
sessions-replying = Replying
sessions-reply-streaming = A reply is streaming
# While a search over all messages runs
sessions-searching = Searching…
sessions-no-match = No messages match.
# The accessible name of the list of search results
sessions-search-results = Search results
# On a search result: the message is in a branch the conversation does not show
sessions-other-branch = In another branch
# How many search results: $total found
sessions-search-count =
    { $total ->
        [one] { $total } result
       *[other] { $total } results
    }
# $shown of the $total results are listed, the newest
sessions-search-count-newest =
    { $total ->
        [one] Newest { $shown } of { $total } result
       *[other] Newest { $shown } of { $total } results
    }
# The search of a very common word stopped once it had the newest: $shown results listed, more unread
sessions-search-count-many = Newest { $shown } of many results; add a word to narrow it
# The search of a very common word read as many messages as it may: $shown results found in the most recently updated conversations
sessions-search-count-recent = { $shown } found in the most recent conversations; add a word to narrow it

## reply

# src/chat/reply/ (reply-) and src/chat/state/ (chat-state-): a model's reply as shown, and what the chat's state says.
# src/chat/reply/
# A reply's region name, read by screen readers (the message the assistant wrote)
reply-assistant = Assistant
# The button on a reply's code block that copies the code
reply-copy-code = Copy code
# The button on a diagram (Mermaid) code block, while the diagram is shown
reply-hide-diagram = Hide diagram
# The button on a diagram (Mermaid) code block
reply-show-diagram = Show diagram
reply-drawing-diagram = Drawing the diagram…
reply-diagram-shown = Diagram shown
# $why: the drawing tool's reason, in English
reply-diagram-failed = This diagram could not be drawn: { $why }
# A reply's code block header when its fence names no language
reply-code-unnamed = code
# Name of a code block whose fence names no language, read by screen readers
reply-code = Code
# Name of a code block; $language is the language its fence names
reply-code-named = { $language } code
# The button beside an image a reply links to, which loads it (nothing loads by itself)
reply-load-image = Load image
# Name of that button; $label is the image's description, $host the site it is on
reply-load-image-name = Load image { $label } from { $host }
# The same button when it stands for the whole image
reply-load-image-compact = Load image: { $label } ({ $host })
# Beside an image that cannot be loaded
reply-image-not-loaded = (image not loaded)
# The title of an app agent's code block (the app preview shows the app)
reply-app-code = App code
# Name of a citation mark, read by screen readers; $number is the source's number in the list
reply-source = Source { $number }
# Button on a failed reply's error card, when the API keys are locked with a passphrase
reply-unlock-keys = Unlock your API keys
# Button on the error card when the conversation was too long: summarise earlier messages, then send again
reply-compact-and-retry = Compact and retry
# $secs: seconds left before Retry is enabled ("s" is the unit, seconds)
reply-retry-wait = The provider asked to wait: { $secs } s
# An image placeholder's button while its image loads
reply-loading-image = Loading image…
# A link after the reason an image could not be loaded
reply-open-image-new-tab = Open image in a new tab
# Icon button on a reply: reads it aloud with a voice
reply-read-aloud = Read aloud
# Button beside Read aloud while it reads (pressed while paused)
reply-pause = Pause
# The text alternative of a picture the model is still drawing
reply-picture-being-drawn = The picture being drawn, not finished
# Status under a picture the model is still drawing
reply-drawing = Drawing…
# Name of the list of pictures the model made in a reply
reply-pictures = Pictures
# $number: the picture's position in the reply (1, 2, …)
reply-picture-alt = Picture { $number } the model made
# $type: a media type such as image/tiff
reply-picture-not-shown = A picture of type { $type }, not shown.
# Button that opens a picture large; $number: its position in the reply
reply-picture-open = Open picture { $number } the model made
reply-picture-gone = Picture { $number } is no longer stored.
# Heading of the list of web pages a reply cites
reply-sources = Sources
# Status after a reply was saved as a Markdown file
reply-saved = Saved
# Icon button on a reply: downloads it as a file
reply-save-as-file = Save as file
# Tooltip of the Save as file button
reply-save-as-file-markdown = Save as file (Markdown)
# Name of the animated dots at the end of a reply that is still arriving
reply-still-writing = Still writing
# The reasoning block's button while the model thinks; $secs counts up ("s": seconds)
reply-thinking-for = Thinking… { $secs } s
# The reasoning block's button once the model has answered ("s": seconds)
reply-thought-for = Thought for { $secs } s
# The reasoning block's button and region name (the model's reasoning)
reply-thinking = Thinking
reply-unsupported-parts =
    { $n ->
        [one] This reply holds { $n } part Hearth cannot show yet.
       *[other] This reply holds { $n } parts Hearth cannot show yet.
    }
# Opens the raw JSON of the parts of a reply that cannot be shown
reply-show-raw-json = Show the raw JSON
# Name of the list of the parts of a reply that cannot be shown
reply-unsupported-parts-list = Parts Hearth cannot show
# Name of the links to Google's results for the queries a Gemini reply searched ("Google Search" is a product name)
reply-google-search-suggestions = Google Search suggestions
# Name of the list of tools the provider ran itself (its web searches, pages read, pictures drawn)
reply-provider-tools = Provider tools
# Opens the JSON of a provider tool this version does not know
reply-show-its-json = Show its JSON
# $query: what the model searched for
reply-server-tool-searching-for = Searching the web for “{ $query }”…
reply-server-tool-searching = Searching the web…
reply-server-tool-search-for-failed = The search for “{ $query }” failed
reply-server-tool-search-failed = A web search failed
reply-server-tool-searched-for = Searched the web for “{ $query }”
reply-server-tool-searched = Searched the web
# $url: the address of the page the model reads
reply-server-tool-reading-url = Reading { $url }…
reply-server-tool-reading-url-failed = Reading { $url } failed
reply-server-tool-read-url = Read { $url }
reply-server-tool-reading-page = Reading a page…
reply-server-tool-reading-page-failed = Reading a page failed
reply-server-tool-read-page = Read a page
# The provider's image tool, while it draws
reply-server-tool-drawing = Drawing a picture…
reply-server-tool-drawing-failed = Drawing a picture failed
reply-server-tool-drew = Drew a picture
# A provider tool this version does not know; $name: the tool's name
reply-server-tool-unsupported = unsupported: { $name }
# A failed provider tool and why; $what: one of the "… failed" lines above, $why: the provider's reason
reply-server-tool-failed-why = { $what }: { $why }
# A web search and how many results it found; $text: one of the lines above
reply-server-tool-results =
    { $count ->
        [one] { $text } · { $count } result
       *[other] { $text } · { $count } results
    }
# A reply's token usage; $input and $output: tokens sent and received (a number, or "?" when unknown)
reply-usage = { $input } in · { $output } out
# As reply-usage, with $reasoning: the tokens the model spent reasoning
reply-usage-with-reasoning = { $input } in · { $output } out · { $reasoning } reasoning
# Icon button on the last reply: answer again
reply-regenerate = Regenerate
# Tooltip of the Regenerate button
reply-regenerate-title = Regenerate (answer again)
# Tooltip of a reply's token usage
reply-tokens = Tokens
# Name of the arrows that move between versions of a regenerated answer
reply-versions-of-answer = Versions of this answer
# A reply's badge once the user edited its text; $named: the agent and model, such as "Helper · gpt-4o"
reply-badge-edited = { $named } · edited
# Tooltip of a reply's badge, which names the agent and the model that wrote it
reply-badge-agent-model = Agent · model
# Tooltip of a reply's badge that names only the model that wrote it
reply-badge-model = Model
# Chunks of the streamed answer that could not be read
reply-chunks-skipped =
    { $n ->
        [one] One chunk of the stream could not be read and was skipped.
       *[other] { $n } chunks of the stream could not be read and were skipped.
    }
# "n > 1" is the request's parameter n (how many answers to write); keep it as it is
reply-extra-answers-ignored =
    { $answers ->
        [one] The provider sent { $answers } answer (n > 1 in the request); only the first is shown.
       *[other] The provider sent { $answers } answers (n > 1 in the request); only the first is shown.
    }
# Note under a reply the user stopped
reply-stopped = Stopped
reply-interrupted = Interrupted: the page was closed or reloaded while this answer was streaming.
reply-incomplete-title = The answer may be incomplete
# "Regenerate" is the name of the reply's button (reply-regenerate)
reply-incomplete-detail = The stream ended before the model said it had finished. What arrived is kept; Regenerate asks again.
reply-token-limit-title = The answer reached the token limit
# "Max tokens" is a field of Settings → Providers; "Providers" is that section's name
reply-token-limit-detail = Raise Max tokens in Providers, or ask the model to continue.
reply-safety-filter-title = The provider's safety filter stopped the answer
reply-safety-filter-detail = The model refused, or the provider's content filter blocked the prompt or the answer.
reply-ended-early-title = The provider ended the answer early
# "Regenerate" is the name of the reply's button (reply-regenerate)
reply-regenerate-asks-again = Regenerate asks again.
# src/chat/state/
chat-state-branch-not-stored = The new conversation could not be stored.
chat-state-wait-reply-ended = Wait until the reply has ended.
chat-state-no-other-version = This message has no other version: nothing was deleted.
chat-state-no-other-branch = This conversation has no other branch: nothing was deleted.
# Editing a reply; "Cancel" is the name of the edit's button
chat-state-empty-answer = An answer cannot be empty: write something, or Cancel.
# A confirm prompt before "Delete this version"; $count: the messages it deletes
chat-state-delete-version-confirm =
    { $count ->
        [one] Delete this version and all below it ({ $count } message)? You can undo it for a few seconds.
       *[other] Delete this version and all below it ({ $count } messages)? You can undo it for a few seconds.
    }
# A confirm prompt before "Keep only this path"; $count: the messages it deletes
chat-state-keep-path-confirm =
    { $count ->
        [one] Delete every branch but the one shown ({ $count } message)? You can undo it for a few seconds.
       *[other] Delete every branch but the one shown ({ $count } messages)? You can undo it for a few seconds.
    }
# A toast with Undo after messages were deleted
chat-state-messages-deleted =
    { $count ->
        [one] Deleted { $count } message
       *[other] Deleted { $count } messages
    }
# Merging the answers of a compare turn (its columns)
chat-state-merge-wait-columns = Wait until every column has finished.
chat-state-merge-too-few = A merge needs at least two answers.
chat-state-merge-no-instruction = Write what the merge should do.
chat-state-attachment-preparing = An attachment is still being prepared: send once it shows as ready.
# Why earlier messages could not be summarised; shown inside chat-state-summary-failed-… (lowercase, no final period)
chat-state-summary-no-provider = no provider is set up
chat-state-summary-empty = the model wrote no summary
# Why earlier messages could not be summarised: the user stopped it
chat-state-summary-stopped = stopped
chat-state-summary-gone = the conversation is gone
chat-state-summary-too-short = the earlier messages are shorter than any summary of them
# Under the composer, while a summary of earlier messages is written (compaction)
chat-state-summarising = Summarising earlier messages…
# $count: the messages the summary stands for
chat-state-summarised =
    { $count ->
        [one] Earlier messages summarised ({ $count } message). They stay here; only requests send the summary.
       *[other] Earlier messages summarised ({ $count } messages). They stay here; only requests send the summary.
    }
chat-state-nothing-to-summarise = Nothing to summarise yet: the first message and the last turns are always sent as they are.
chat-state-summary-removed = Summary removed: requests send the earlier messages again.
# $estimate: the message's estimated tokens; $window: the model's context window, in tokens
chat-state-first-message-too-long =
    { $estimate ->
        [one] The first message alone is too long for this model's context window (about { $estimate } token of { $window }), so summarising earlier messages cannot help. Shorten it, or choose a model with a larger window.
       *[other] The first message alone is too long for this model's context window (about { $estimate } tokens of { $window }), so summarising earlier messages cannot help. Shorten it, or choose a model with a larger window.
    }
chat-state-last-message-too-long =
    { $estimate ->
        [one] The last message alone is too long for this model's context window (about { $estimate } token of { $window }), so summarising earlier messages cannot help. Shorten it, or choose a model with a larger window.
       *[other] The last message alone is too long for this model's context window (about { $estimate } tokens of { $window }), so summarising earlier messages cannot help. Shorten it, or choose a model with a larger window.
    }
# $why: one of the chat-state-summary-… reasons above, or a provider's error
chat-state-summary-failed-sent = The earlier messages could not be summarised: { $why }. The conversation was sent in full.
chat-state-summary-failed-unchanged = The earlier messages could not be summarised: { $why }. Nothing was changed.
# A provider's error in a few words; $title: the error's title, $status: its HTTP status code
chat-state-provider-error-http = { $title } (HTTP { $status })

## providers

## src/providers/ (Providers dialog, provider form, model picker, API key lock) and src/offline/ (offline badge, updates, storage)
## The Providers dialog (src/providers/providers_dialog.rs)
# The Providers dialog's heading, and the top bar's button that opens it: the accounts of AI providers (OpenAI, Anthropic…)
providers-dialog-heading = Providers
providers-dialog-hint = Hearth talks to each provider straight from this browser. Keys are stored only here and sent only to their provider.
# The accessible name of the list of the user's provider accounts
providers-your-providers = Your providers
# The heading of the group that adds a provider account
providers-add-heading = Add a provider
# Label of the select that chooses the type (preset) of a new provider account
providers-new-type = New provider type
# Button: adds a provider account of the chosen type
providers-add = Add provider
## The provider form (src/providers/provider_editor.rs and provider_editor/)
# The accessible name of one provider account's form
providers-settings = Provider settings
# Label of the select of the account's type (OpenAI, Anthropic, a custom server…)
providers-type = Type
# Label of the field of the account's name
providers-name = Name
# Label of the field of the server's address (a URL)
providers-base-url = Base URL
# Label of the field of Azure's API version (a date such as 2024-10-21)
providers-api-version = API version
# A checkbox: the model thinks (reasons) before it answers
providers-thinking = Thinking (reasoning before the answer)
# Label of a field of extra JSON merged into each request; "JSON" is the format's name
providers-extra-json = Extra JSON
providers-extra-json-hint = Extra JSON is merged into every request body last, so it can set or override any field.
providers-key-removed = The key was removed because the base URL now points to another address. Enter the key for the new address.
# Label of the select of which OpenAI API the account uses; its options are API names ("Chat Completions", "Responses"), which stay as they are
providers-api = API
# An option of that select: choose the API by itself. "Responses" is the name of OpenAI's API: keep it
providers-api-automatic = Automatic (Responses where the model needs it)
# Label of the field of the provider's secret API key
providers-api-key = API key
# Shown in place of the API key while the keys are locked with a passphrase
providers-key-locked = Locked
# Placeholder of the API key field: this provider needs a key
providers-key-required = Required
# Placeholder of the API key field: a key is optional, for servers on this computer
providers-key-optional = Optional for local servers
# Status while Test connection runs
providers-testing = Testing the connection…
# Button: checks that the provider answers with these settings
providers-test-connection = Test connection
# Button (disabled): this provider is the one that answers now
providers-in-use = In use
# Button: makes this provider the one that answers
providers-use = Use this provider
# Button: deletes the provider account
providers-delete = Delete provider
# A confirmation; $name is the provider account's name
providers-delete-confirm = Delete the provider “{ $name }” and its key?
# Label of the model field for Azure, where the model is a deployment's name
providers-model-deployment = Model (deployment name)
# Label of the select of the models a Test connection listed
providers-available-models = Available models
# The first, empty option of the list of models
providers-pick-model = Pick a model…
# Placeholder of a number field left empty: the provider's or model's default is used
providers-default = Default
# Field label: the sampling temperature sent to the model
providers-temperature = Temperature
# Field label: the most tokens the model may write in an answer
providers-max-tokens = Max tokens
# Field label: nucleus sampling ("top-p"), a sampling setting sent to the model
providers-top-p = Top-p
# Field label: how many tokens the model reads at once
providers-context-window = Context window (tokens)
# Hint under the context window field; $tokens is the model's default window
providers-context-window-hint =
    { $tokens ->
        [one] Empty: { $tokens } token, this model's default. Long conversations are compacted before they fill it.
       *[other] Empty: { $tokens } tokens, this model's default. Long conversations are compacted before they fill it.
    }
# A number typed into a field was refused; $label is the field's label (Temperature, Top-p), $max the highest value (1 or 2)
providers-number-out-of-range = { $label } must be a number from 0 to { $max }, or empty for the default.
# A number typed into a field was refused; $label is the field's label (Max tokens)
providers-number-not-count = { $label } must be a whole number above 0, or empty for the default.
# The context window typed was refused; $problem says why
providers-number-context-window = Context window: { $problem }
## What the model reads (src/providers/model_inputs_field.rs)
# Label of the select of what the model reads besides text (images, PDFs, audio)
providers-reads-besides-text = Reads besides text
# An option: what Hearth knows about the model decides
providers-reads-as-known = As known
providers-reads-everything = Images, PDFs and audio
providers-reads-images-pdfs = Images and PDFs
providers-reads-images = Images
providers-reads-pdfs = PDFs
providers-reads-images-audio = Images and audio
providers-reads-audio = Audio
providers-reads-text-only = Text only
# Stands for the model's name in the hint below, when no model is set
providers-this-model = This model
# Hint: $model is a model's id (or "This model"), $reads what it reads ("images and PDFs"), $reason who says so ("as set in Providers")
providers-model-reads = { $model } reads { $reads }, { $reason }.
## The top bar's model select (src/providers/model_picker.rs)
providers-model-picker-title = The model that answers, for agents without their own (an agent's own: in Agents)
## Provider accounts and Test connection (src/providers/state.rs)
# Stands for the model in "Provider · model" when the account has no model yet
providers-no-model-set = no model set
# $error says what is wrong with the extra JSON
providers-test-fix-extra-json = Fix the extra JSON first: { $error }
providers-test-no-model = Set the model first: this provider has no model list, so the test asks the model for a one-word answer.
providers-test-stopped = The test was stopped.
providers-test-answered = Connected: the model answered.
providers-test-no-models = Connected. The provider lists no models; type the model id.
providers-test-models-available =
    { $n ->
        [one] Connected. { $n } model available.
       *[other] Connected. { $n } models available.
    }
# $error says why the provider's list of models could not be read
providers-test-model-list-unreadable = Connected, but the model list could not be read: { $error }
## The Providers dialog's save state (src/providers/state/save_state.rs)
# Beside the dialog's Close button while changes are being stored
providers-saving = Saving…
# Why a change was not stored; $problem says why
providers-not-saved = Not saved: { $problem }
# Follows "Not saved:" (hence the small letter)
providers-storage-not-open = storage is not open.
## The API key lock (src/providers/state/key_lock.rs, key_lock_setting.rs, unlock_keys_dialog.rs)
providers-lock-wrong-passphrase = That passphrase is not right. Nothing was changed; try again.
providers-lock-enter-passphrase = Enter a passphrase.
# $min is the fewest characters a passphrase may have
providers-lock-passphrase-too-short =
    { $min ->
        [one] Use a passphrase of at least { $min } character. Nothing was changed.
       *[other] Use a passphrase of at least { $min } characters. Nothing was changed.
    }
providers-lock-unlock-first = Unlock your API keys first.
# $error says what is wrong with the stored lock; “Forgot passphrase?” is the button's label
providers-lock-damaged = The key lock cannot be opened: { $error }. Use “Forgot passphrase?” to remove it.
# $name is the name of an MCP server (a tool server the user added)
providers-lock-server-unopened = The header values and sign-in of the MCP server “{ $name }” do not open with this passphrase. Nothing was changed.
# $error is the browser's cryptography error, a sentence
providers-lock-crypto-failed = { $error } Nothing was changed.
# $error says why storage failed
providers-lock-storage-failed = Nothing was changed: { $error }
# The confirmation of "Forgot passphrase?"
providers-forget-question = Remove the locked API keys and the passphrase lock? Every provider's API key, and every MCP server's header values, client secret and sign-in, are deleted from this browser: you enter them again under Providers and Tools. Conversations, agents, tools and the providers' other settings stay.
# The unlock dialog's text
providers-unlock-hint = Your API keys are locked with a passphrase. Enter it to use them while Hearth is open.
# Label of a password field
providers-passphrase = Passphrase
# Button, while the keys are being unlocked
providers-unlocking = Unlocking…
# Button: unlocks the API keys with the passphrase typed
providers-unlock = Unlock
# Button: closes the unlock dialog, the keys stay locked
providers-not-now = Not now
# Button: removes the locked keys and the lock, for someone who forgot the passphrase
providers-forgot-passphrase = Forgot passphrase?
providers-lock-passphrases-differ = The two passphrases differ. Type the same passphrase twice.
# Status while the lock is being changed
providers-lock-working = Working…
providers-lock-removed = Lock removed. API keys are stored unencrypted.
providers-lock-passphrase-changed = Passphrase changed.
providers-lock-set = API keys locked with your passphrase.
providers-lock-forgotten = The locked API keys (and MCP servers' secrets) and the lock were removed.
providers-lock-state-off = API keys are stored unencrypted in this browser.
providers-lock-state-locked = API keys are locked with a passphrase, and locked now.
providers-lock-state-unlocked = API keys are locked with a passphrase, and unlocked while a Hearth tab is open.
# “Forgot passphrase?” is the button's label
providers-lock-state-damaged = The key lock cannot be opened. Use “Forgot passphrase?” to remove it.
# Heading of the Settings section of the API key lock
providers-lock-heading = API key lock
# AES-GCM, PBKDF2-SHA-256: names of algorithms, keep them
providers-lock-hint = A passphrase encrypts the stored API keys (AES-GCM, PBKDF2-SHA-256, 600,000 iterations). It protects them at rest: in a copied browser profile or on a shared computer. It does not protect them from code running in this page, or while a Hearth tab is unlocked. The unlocked key is kept only in the memory of open Hearth tabs: Hearth asks again once none is open.
# Button: turns the lock on
providers-lock-with-passphrase = Lock API keys with a passphrase
# Button
providers-change-passphrase = Change passphrase
# Button: removes the passphrase lock (the keys are stored unencrypted again)
providers-remove-lock = Remove the lock
# Button: opens the unlock dialog
providers-unlock-keys = Unlock API keys
# Label of a password field
providers-current-passphrase = Current passphrase
# Label of a password field
providers-new-passphrase = New passphrase
# Label of a password field: the new passphrase typed again
providers-confirm-passphrase = Confirm passphrase
# Button of the lock form: turns the lock on
providers-lock-keys = Lock API keys
## The Offline badge (src/offline/offline_indicator.rs)
# The accessible name of the region that announces the network state
offline-connection = Connection
# Badge in the top bar while the device has no network
offline-badge = Offline
# Announced to screen readers when the network returns
offline-back-online = Back online
# The Offline badge's tooltip
offline-description = Your conversations, search and tools that need no network work offline; sending needs a connection unless the provider runs on this computer.
## A tab whose storage was closed (src/offline/out_of_date_dialog.rs)
# Dialog heading: the browser closed the database
offline-storage-closed = Hearth's storage was closed
# Dialog heading: a newer version of Hearth took over in another tab
offline-out-of-date = This tab is out of date
offline-storage-closed-text = The browser closed Hearth's storage (its data may have been cleared), so this tab can no longer save anything. What you see stays here until you reload.
offline-out-of-date-text = Hearth was updated in another tab, and the new version has taken over its storage. This tab no longer saves anything, so that two versions never write at once. What you see stays here until you reload.
# Button: reloads the page
offline-reload-hearth = Reload Hearth
# Button: closes the dialog; the tab stays open but saves nothing
offline-keep-reading = Keep reading without saving
## The storage banner (src/offline/storage_banner.rs)
# Button: hides the banner of a storage problem
offline-dismiss = Dismiss
# A note while start-up upgrades the stored database (it may take seconds with a large library)
offline-storage-upgrading = Updating Hearth's storage for this version. With many conversations this takes a few seconds, once.
## The update prompt (src/offline/update_prompt.rs)
offline-reload-waits-for-reply = Reloading after the reply finishes…
offline-reload-waits-for-other-tab = Reloading after the reply in another tab finishes…
offline-reload-waits-for-message = Your message is not sent yet: send or clear it and Hearth reloads, or discard it and reload now.
# $editor names an editor, as in "the agent editor" (already translated)
offline-reload-waits-for-editor = There are unsaved changes in { $editor }: save or cancel them and Hearth reloads, or discard them and reload now.
# Status: the page is reloading
offline-reloading = Reloading…
offline-new-version-ready = A new version of Hearth is ready.
offline-updated-elsewhere = Hearth was updated in another tab.
# The accessible name of the region that announces updates
offline-updates-region = Hearth updates
# Button
offline-reload-new-version = Reload to use the new version
# Button: discards the unsent message or unsaved changes, then reloads
offline-discard-and-reload = Discard and reload
# Button: no longer reload
offline-cancel-reload = Cancel reload
# Button: hides the update prompt until the next version
offline-later = Later

## agents

agents-intro = An agent is an assistant with its own instructions, model and tools. New conversations start with the one you chat with last.
# Accessible name of the list of agents in the Agents dialog
agents-list-label = Your agents
# Button that makes a new agent; also the agent editor's heading for a new agent
agents-new-agent = New agent
## The top bar's agent menu (src/agents/agent_picker.rs)
# Tooltip of the top bar's agent button
agents-picker-title = This conversation's agent
# Read by screen readers before the agent's name on the top bar's button ("Agent: Translator")
agents-picker-label = Agent:
agents-picker-wait = Switching agents waits until the reply has finished
# Divider in a conversation where it went on with another agent; $name is the agent's name
agents-switched-to = Switched to { $name }
## One agent in the Agents dialog's list (src/agents/agent_row.rs)
# The model an agent runs on, when it has none of its own (also an option of the editor's Model list)
agents-default-model = Default model
agents-default-model-removed = Default model (its account was removed)
# Used twice: the type of a chat agent in the list ("Default model · Chat"), and the button that starts a new conversation with the agent
agents-chat = Chat
# The type of an app agent in the list
agents-kind-app = App (no tools)
# Button: puts a built-in agent back to its defaults
agents-reset = Reset
# Button: makes a copy of the agent
agents-duplicate = Duplicate
# Accessible names of the row's buttons; $name is the agent's name
agents-reset-agent = Reset { $name } to default
agents-delete-agent = Delete { $name }
agents-chat-with-agent = Chat with { $name }
# Also the agent editor's heading
agents-edit-agent = Edit { $name }
agents-duplicate-agent = Duplicate { $name }
# Status after Duplicate; $name is the copy's name
agents-made-copy = Made { $name }.
# Confirmation before deleting an agent
agents-delete-confirm = Delete the agent “{ $name }”? Conversations that used it keep its name on their replies and go on with the General Assistant.
agents-deleted = Deleted { $name }.
# Confirmation before resetting a built-in agent; $name is its name, such as "General Assistant"
agents-reset-confirm = Reset the { $name } to its default? Its prompt, model and tools go back to how they were at first.
agents-reset-done = The { $name } is back to its default.
# The built-in agents' names and the App Builder's description, shown while the user has not changed them
agents-general-name = General Assistant
agents-app-builder-name = App Builder
agents-app-builder-description = Builds small web apps that run in a preview beside the conversation.
## The agent editor (src/agents/agent_editor.rs and src/agents/agent_editor/)
# Inserted into the update prompt's "There are unsaved changes in …: save or cancel them and Hearth reloads, or discard them and reload now."
agents-editor-name = the agent editor
agents-short-description = Short description
agents-system-prompt-template = System prompt template
# Help under the template; $placeholders lists the built-in placeholders ("{date}, {time}, …"), $open is "{{" and $close is "}}"
agents-template-hint = Placeholders: { $placeholders }, and your sections by name. { $open } and { $close } are literal braces.
# $placeholder is the placeholder as typed, such as "{foo}"
agents-unknown-placeholder = Unknown placeholder { $placeholder } — it is sent as typed
agents-save-agent = Save agent
# Button: puts the draft back to the agent's defaults
agents-reset-to-default = Reset to default
agents-kind-chat-hint = Chat: may call tools
agents-kind-app-hint = App: gets no tools
agents-removed-account = Removed account (the default model answers)
# Heading of the options for what replies may do beyond text (web search, effort, images)
agents-beyond-text = Beyond text
agents-web-search = Search the web by default (the provider's own search, with sources)
agents-search-sites = Only these sites (search)
# Options of Reasoning effort
agents-effort-default = The provider's default
agents-effort-low = Low
agents-effort-medium = Medium
agents-effort-high = High
agents-make-images = Make images (the model may answer with pictures)
agents-app-no-tools = An app agent gets no tools: none are offered to its model.
agents-tool-rounds = Most tool rounds per answer
# Heading of the agent's read-aloud options
agents-voice = Voice
agents-auto-read = Read answers aloud as they finish
# Label of the field naming the voice that reads this agent's answers
agents-its-voice = Its voice
# Placeholder of "Its voice"; "alloy" is a voice's name
agents-voice-placeholder = As under Settings → Voice (a provider's voice such as alloy, or a browser voice's name)
agents-problem-no-name = Give the agent a name.
agents-problem-section-names = Fix the section names marked above.
agents-problem-rounds = Enter a whole number of tool rounds from 1 to 100.
agents-conflict-deleted = This agent was changed elsewhere since you opened it: it was deleted. Save yours to keep it, or discard it.
agents-conflict-changed = This agent was changed elsewhere since you opened it. Save yours over it, or discard yours.
agents-save-mine-anyway = Save mine anyway
agents-discard-mine = Discard mine
## The agent's own prompt sections (src/agents/prompt_sections.rs)
agents-your-sections = Your sections
# $placeholder is "{name}" and $tags is "<name>…</name>", both as typed in a template
agents-sections-hint = Each section fills the placeholder of its name: write { $placeholder } in the template where its text goes. Wrapped in { $tags }, a section left empty is dropped with its tags.
# Shown for a section or tool with no name yet
agents-unnamed = (unnamed)
# Heading of one section; $name is the section's name
agents-section-legend = Section { $name }
agents-section-name = Section name
agents-section-text = Section text
agents-remove-section = Remove section
# Accessible name of the Remove section button; $name is the section's name
agents-remove-section-named = Remove section { $name }
agents-add-section = Add section
## The prompt's preview (src/agents/prompt_preview.rs)
# Heading of the preview of the rendered system prompt
agents-preview = Preview
# Followed by the prompt's size, such as "1,234 characters · about 300 tokens"
agents-preview-intro = The system prompt with today's values, as the next request sends it:
agents-preview-size =
    { $chars ->
        [one] { $chars } character
       *[other] { $chars } characters
    } · about { $tokens } tokens
agents-no-system-message = No system message is sent.
# Tooltip of a placeholder in the preview that is not known
agents-unknown-placeholder-title = Unknown placeholder: sent as typed
## The agent's tools (src/agents/agent_tools.rs, mcp_tool_option.rs, agent_mcp_tools.rs)
agents-builtin-tools = Built-in tools
# Heading of the tools the user made
agents-your-tools = Your tools
agents-no-user-tools = None yet: you make them in the Tools dialog.
agents-imported-tool = Imported: allow it in the Tools dialog after reviewing its code before an agent may call it.
# Checkbox: whether a call of the tool waits for the user's approval
agents-ask-before-running = Ask before running
# Accessible name of that checkbox; $tool is the tool's name
agents-ask-before-running-tool = Ask before running { $tool }
# Heading of an MCP server's tools; $server is the server's name
agents-mcp-server-tools = Tools from the MCP server { $server }
agents-mcp-server-off = Its tools are not offered: the server is switched off in the Tools dialog.
# "Check" is the name of a button in the Tools dialog
agents-mcp-no-tools = No tools listed yet: Check it in the Tools dialog.
# $count: the server's tools the agent offers; $tokens: what their definitions add to every request
agents-mcp-tools-cost =
    { $count ->
        [one] { $count } tool chosen: about { $tokens } tokens in every request.
       *[other] { $count } tools chosen: about { $tokens } tokens in every request.
    }
# As agents-mcp-tools-cost, past a tenth of the model's context window ($window tokens)
agents-mcp-tools-cost-heavy =
    { $count ->
        [one] { $count } tool chosen: about { $tokens } tokens in every request, more than a tenth of the model's { $window }-token context window. Choose fewer to leave room for the conversation.
       *[other] { $count } tools chosen: about { $tokens } tokens in every request, more than a tenth of the model's { $window }-token context window. Choose fewer to leave room for the conversation.
    }
## Keyboard shortcuts (src/shortcuts/)
shortcuts-heading = Keyboard shortcuts
# "?" is the key that opens the list of shortcuts
shortcuts-hint = On a Mac, Alt is the Option key. The keys work in the message box too, except ? (type it outside text fields).
# Column heading: what a shortcut does
shortcuts-action = Action
# Column heading: the keys of a shortcut
shortcuts-keys = Keys
shortcuts-question-mark = Open this list with ? (one key; Ctrl+/ always works)
shortcuts-focus-composer = Focus the message box
shortcuts-stop = Stop the reply
shortcuts-regenerate = Regenerate the last answer
shortcuts-copy-last = Copy the last answer
shortcuts-toggle-sidebar = Show or hide the conversations
shortcuts-open-settings = Open Settings
shortcuts-dictate = Dictate, or stop dictating
shortcuts-show-help = Show these shortcuts
# The keys that show the shortcuts (the word between them translated)
shortcuts-help-keys = ? or Ctrl+/
shortcuts-send = Send the message
shortcuts-new-line = Start a new line
shortcuts-attach-file = Attach a project file (in the message box)
# What a shortcut says when it did nothing visible
shortcuts-no-reply = No reply is being written
shortcuts-wait-reply = Wait for the reply to finish
shortcuts-nothing-to-regenerate = No answer to regenerate
shortcuts-copied = Copied the last answer
shortcuts-copy-denied = The browser did not allow copying
shortcuts-nothing-to-copy = No answer to copy yet

## tools

## Project files, in the Tools dialog (src/tools/project_files.rs)
# Status after adding files; $n is how many were added
tools-project-files-added =
    { $n ->
        [one] Added { $n } file.
       *[other] Added { $n } files.
    }
tools-project-files-hint = Text files the Read a project file tool can read. They stay in this browser.
# The size of one project file, after its name
tools-project-file-characters =
    { $count ->
        [one] { $count } character
       *[other] { $count } characters
    }
# Accessible name of a project file's Remove button; $name is the file's name
tools-project-file-remove = Remove { $name }
# Button: removes a project file
tools-remove = Remove
# Label of the file picker that adds project files
tools-add-project-files = Add project files (.md, .txt)
## Storing tools and project files (src/tools/state/settings.rs)
# $error is the technical reason
tools-save-failed = The tool could not be saved: { $error }
# Why a file was not added; $name is the file's name
tools-file-not-text = { $name } was not added: only .md and .txt files (.markdown too) can be project files.
# $limit is the largest number of characters a project file may have
tools-file-too-long =
    { $limit ->
        [one] { $name } was not added: it is over the limit of { $limit } character.
       *[other] { $name } was not added: it is over the limit of { $limit } characters.
    }
tools-file-binary = { $name } was not added: it is not a text file (it holds bytes that are not UTF-8 text).
tools-file-exists = A project file named { $name } already exists with other content. Rename the file, or remove the project file in Tools first.
tools-file-unreadable = { $name } was not added: the browser could not read it.
## The tool widget of a reply (src/tools/tool_activity.rs)
# Hint under a reply; $tool is the tool's name, $agent the agent's name
tools-switched-off = The model called { $tool }, which is switched off for { $agent }, so it did not run.
# Hint after the user switched the tool on; $tool is the tool's label, $agent the agent's name
tools-switched-on = { $tool } is on for { $agent } now. Regenerate the reply or send again to use it.
# The widget's summary while a tool call waits for the user's Allow or Deny
tools-waiting-for-your-approval = Waiting for your approval
# The widget's summary while a tool runs; $tool is its name
tools-running = Running { $tool }…
# The widget's summary before the model called any tool
tools-thinking = Thinking…
# The widget's summary once the reply is done; $n is how many tool calls it made
tools-used =
    { $n ->
        [one] Used { $n } tool
       *[other] Used { $n } tools
    }
# Button under the hint; $tool is the tool's label
tools-switch-on = Switch on { $tool } for this agent
# Accessible name of the list of a reply's tool calls
tools-tool-calls = Tool calls
tools-no-tool-used = No tool used yet.
## Resources a tool call's result links to (src/tools/tool_link_list.rs)
# Button; $name is the resource's name given by its server
tools-link-read = Read { $name }
# Status; $uri is the resource's address
tools-link-reading = Reading { $uri }…
tools-link-attached = { $uri } is attached to your next message.
# $error is the technical reason
tools-link-unreadable = { $uri } could not be read: { $error }
# Tooltip of a resource's Read button
tools-link-read-title = Read it from its server and attach its text to your next message
# Heading above the list of resources
tools-links-heading = Resources it links to
## A tool call waiting for approval (src/tools/tool_approval.rs)
# Followed by the call's arguments; $tool is the tool's name, $server the MCP server's name
tools-approval-question-mcp = The assistant wants to run { $tool } from the MCP server { $server } with these arguments:
# Followed by the address to fetch; $tool is the tool's name
tools-approval-question-fetch = The assistant wants to run { $tool } to fetch this URL:
# Followed by the call's arguments; $tool is the tool's name
tools-approval-question = The assistant wants to run { $tool } with these arguments:
# Button; $tool is the tool's name
tools-approval-always-allow = Always allow { $tool } for this agent
# Accessible name of the approval box; $tool is the tool's name
tools-approval-label = Approve the { $tool } call
# Button: lets a tool call run (also: allows a tool that came with an import)
tools-allow = Allow
# Button: refuses a tool call
tools-deny = Deny
## A server's question during a tool call (src/tools/tool_ask.rs, tool_ask/)
tools-waiting-for-your-answer = Waiting for your answer
# Above a server's question; $server is the MCP server's name
tools-ask-heading = The MCP server { $server } asks you
# Button: sends what was entered in a server's form
tools-ask-send = Send answer
# Button: says no to a server's question
tools-ask-decline = Decline
tools-ask-fix = Some answers need a change before they can be sent.
# The empty choice of a list
tools-ask-none = (none)
# Term: the host of a link a server asks to open
tools-ask-site = Site
# Term: the whole URL a server asks to open
tools-ask-whole-address = Whole address
# Button: opens the page; $host is its site
tools-ask-open = Open { $host }
tools-ask-punycode = This address is written in Punycode: it may imitate a site you know. Look closely before you open it.
tools-ask-required = This is required.
tools-ask-too-short = Write at least { $n } characters.
tools-ask-too-long = Write at most { $n } characters.
tools-ask-pattern = This is not in the form the server asks for.
tools-ask-email = Write an email address, such as name@example.com.
tools-ask-uri = Write a whole address, such as https://example.com.
tools-ask-date = Write a date, such as 2026-01-31.
tools-ask-date-time = Write a date and time, such as 2026-01-31T09:30:00Z.
tools-ask-number = Write a number.
tools-ask-whole = Write a whole number.
tools-ask-below = Write { $n } or more.
tools-ask-above = Write { $n } or less.
tools-ask-option = Choose one of the options.
tools-ask-too-few = Choose at least { $n }.
tools-ask-too-many = Choose at most { $n }.
## The editor of a user tool (src/tools/user_tool_editor.rs)
tools-tool-deleted = This tool was deleted.
# Inserted into the update prompt's "There are unsaved changes in …: save or cancel them and Hearth reloads, or discard them and reload now."
tools-editor-name = the tool editor
# $error says what is wrong with the tool's definition
tools-saved-not-offered = Saved, but not offered to the model until fixed: { $error }
# Accessible name of the tool editor's form
tools-editor = Tool editor
# Field label: what the tool does, for the model
tools-description = Description
# Example shown in the empty Description field
tools-description-placeholder = Counts the words of a text.
# Field label; "JSON Schema" is the name of a format
tools-parameters = Parameters (JSON Schema)
# Field label; "args" is the name of the function's argument in the code, keep it as is
tools-javascript = JavaScript (the body of an async function of args)
# Checkbox label
tools-uses-network = Uses the network
tools-uses-network-hint = Lets the code fetch from the internet. Its calls then ask before running, unless you allow them. Without it, the network is closed to the code.
tools-save-tool = Save tool
tools-delete-tool = Delete tool
tools-intro = Your own tools, and the project files the read-a-file tool reads, are shared by every agent. Tools run in this browser; JavaScript runs in a sandbox without access to Hearth's data. Which tools an agent may call, and which of them ask before running, is set in the agent.
# Button: opens the Agents dialog
tools-open-agents = Open Agents
# "args" is the name of the function's argument in the code, keep it as is
tools-none-yet = None yet. A tool is a name, a description, a JSON schema of its arguments and JavaScript that gets them as args.
# Accessible name of the Allow button of an imported tool; $tool is its name
tools-allow-imported = Allow imported tool { $tool }
# Accessible name of a tool's Edit button; $tool is its name
tools-edit-tool = Edit { $tool }
tools-imported-note = Imported: not offered to the model until you review its code (Edit) and allow it.
# Button: makes a new user tool
tools-new-tool = New tool
## One tool call in the widget (src/tools/tool_call_item.rs)
# A call's status
tools-status-waiting = Waiting for approval
# A call's status
tools-status-running = Running…
# A call's status: the reply ended before the call ran
tools-status-not-run = Not run
# A call's status, and the heading of a failed call's output
tools-error = Error
# A call's status
tools-status-done = Done
# Accessible name of a running call's progress bar; $tool is the tool's name
tools-call-progress = Progress of { $tool }
# Heading of a call's output
tools-result = Result
# Accessible name of a call's Copy button; $tool is the tool's name
tools-call-copy = Copy { $tool } call
# Heading of what the model passed to the tool
tools-arguments = Arguments
# How long a call took, in milliseconds
tools-call-duration-ms = { $ms } ms
# How long a call took, in seconds (to a tenth)
tools-call-duration-seconds = { $seconds } s
## Images and sounds a tool returned (src/tools/tool_media_list.rs)
# $mime is a media type such as image/svg+xml
tools-media-image-not-shown = An image of type { $mime }, not shown.
tools-media-file-not-shown = A file of type { $mime }, not shown.
# Text alternative of an image; $number is its place among the call's media, $tool the tool's name
tools-media-image-label = Image { $number } returned by { $tool }
# Accessible name of a sound's player; $number is its place among the call's media, $tool the tool's name
tools-media-sound-label = Sound { $number } returned by { $tool }
tools-media-image-gone = The image is no longer stored.
tools-media-sound-gone = The sound is no longer stored.
## Dictation, under the message box (src/voice/recorder_panel.rs)
voice-asking-for-microphone = Asking for the microphone…
voice-listening = Listening (the browser's recognition). Stop, or pause speaking, to put the words in the message box.
voice-recording = Recording. Stop, or pause speaking, to put the words in the message box.
voice-transcribing = Turning speech into text…
voice-not-loaded-retry = Voice could not be loaded (the connection dropped?); press the microphone button to try again.
# The words recognised so far; $words is what was heard
voice-heard = Heard: { $words }
# Accessible name of the microphone's loudness meter
voice-microphone-level = Microphone level
# Accessible name of the recording's timer
voice-time-recorded = Time recorded
# Button: ends the recording and attaches the sound itself to the next message
voice-keep-as-note = Keep as a voice note
# Button: sends the kept recording again
voice-try-again = Try again
## Voice's code loading (src/voice/state.rs)
# Why a voice note has no transcript; $error is the technical reason
voice-note-not-loaded = No transcript: voice could not be loaded ({ $error }).
# Shown on a reply when reading it aloud failed; $error is the technical reason
voice-not-loaded = Voice could not be loaded: { $error }
## A realtime talk, under the message box (src/voice/talk_panel.rs)
# $name is the account talked with
voice-talk-connecting = Connecting to { $name }…
voice-talk-answering = { $name } is answering. Speak to interrupt.
voice-talk-hands-free = Talking with { $name }: speak when you like.
# “Hold to talk” is the button voice-hold-to-talk
voice-talk-hold = Talking with { $name }: hold “Hold to talk” while you speak.
# The user's words of the turn under way
voice-talk-you = You: { $words }
# Checkbox: the microphone is heard all the time
voice-hands-free = Hands-free
# Button held down while speaking
voice-hold-to-talk = Hold to talk
# Button: ends the realtime talk
voice-end-talk = End talk
## Why a realtime talk could not start or ended (src/voice/state/talk.rs, src/voice/state/talk_start.rs)
voice-talk-microphone-gone = The microphone went away (unplugged, or its permission taken back); what was said is kept.
# "Talk" is the name of the composer's button that starts a realtime talk
voice-talk-choose-model = Choose a model for this conversation first: Talk speaks with its account.
voice-talk-keys-locked = The API keys are locked; unlock them to talk.
# $name is the conversation's account; "Live API" and "Realtime API" are product names
voice-talk-unsupported-account = Talk works with a Gemini account (its Live API) or OpenAI (its Realtime API); { $name } is neither. Switch this conversation to one of their models to talk.
voice-talk-gemini-refused = This browser refused to connect to Gemini's Live API.
voice-talk-no-secret = OpenAI's answer had no session secret in it; try again in a moment.
voice-talk-call-lost = The call with OpenAI was lost (the network, or OpenAI ended it); what was said is kept.
# $error is the browser's technical reason
voice-talk-call-refused = This browser could not make the call ({ $error }); try again, or talk in another browser.
# $error is the browser's technical reason
voice-talk-answer-unusable = OpenAI's answer to the call was not usable ({ $error }); try again in a moment.
# $answer is what the provider answered
voice-talk-no-realtime = This account offers no Realtime API (it answered: { $answer }). Talk works with OpenAI itself and with Gemini.
# $answer is what OpenAI answered
voice-talk-call-refused-by-openai = OpenAI refused the call: { $answer }
## Reading aloud and transcribing (src/voice/state/reading.rs, src/voice/state/dictation.rs)
# Why there is no text or speech: the request was stopped
voice-stopped = It was stopped.
voice-no-answer-minute = No answer came within a minute.
voice-no-answer-three-minutes = No answer came within three minutes.
## Voice notes' transcripts (src/voice/state/note.rs)
voice-note-browser-recognition = No transcript: the browser's own recognition hears only the microphone. To have voice notes transcribed, choose an account for dictation under Settings → Voice.
voice-note-no-account = No transcript: choose an account for dictation under Settings → Voice to have voice notes transcribed.
# $why is the reason, a sentence
voice-note-no-transcript = No transcript: { $why }
voice-note-nothing-heard = No transcript: no words were heard in it.
voice-note-stopped = No transcript: it was stopped.
## What went wrong with dictation or reading aloud (src/voice/state/problem.rs, src/voice/state/listening.rs)
# $error is the technical reason
voice-settings-unreadable = The voice settings could not be read: { $error }
voice-no-dictation-account = Choose who turns your speech into text under Settings → Voice; nothing was recorded.
voice-no-reading-account = Choose the account that reads aloud under Settings → Voice.
voice-dictation-account-gone = The account chosen for dictation is gone; choose another under Settings → Voice.
voice-reading-account-gone = The account chosen for reading aloud is gone; choose another under Settings → Voice.
voice-keys-locked-dictation = The API keys are locked; unlock them to dictate.
voice-keys-locked-reading = The API keys are locked; unlock them to read aloud.
# $language is a language tag such as en-GB
voice-no-device-model = The browser could not get its speech model for { $language } to recognise speech on this device (it downloads it from its maker the first time). Nothing was recorded; choose an account under Settings → Voice, or try again online.
voice-microphone-gone = The microphone went away; what was recorded until then is in the message box.
voice-nothing-heard = Nothing was heard in the recording.
voice-not-kept = The recording could not be kept as a voice note (this browser could not store it).
# $why is the provider's reason, a sentence; "Try again" is the button voice-try-again
voice-not-transcribed = The recording could not be turned into text: { $why } It is kept: Try again sends it once more.
# "Try again" is the button voice-try-again
voice-cancelled = Stopped before the words came back. The recording is kept: Try again sends it once more.
voice-nothing-to-read = This reply has nothing to read aloud (only code, formulas or pictures).
voice-no-browser-voice = This browser has no voices of its own; choose the provider's voice under Settings → Voice.
voice-browser-would-not-speak = The browser would not speak.
# $why is the provider's reason, a sentence
voice-not-spoken = The reply could not be read aloud: { $why }
# Shown while the browser downloads its on-device speech model; $language is a language tag such as en-GB
voice-getting-device-model = Getting the browser's speech model for { $language }…

## mcp

# src/mcp/, src/apps/, src/store/: MCP servers (Tools), the "Prompts and resources" dialog, the app preview, backups and imports.
## MCP servers in the Tools dialog (src/mcp/mcp_servers.rs, mcp_server_row.rs)
# Tools dialog: the heading of the MCP section
mcp-servers = MCP servers
mcp-servers-hint = Tools from servers that speak the Model Context Protocol over HTTP. This browser connects to them directly, so a server must allow this page's origin (CORS). An agent offers their tools once you choose them in the agent, and each call asks first until you allow it.
# Tools dialog, MCP section: no server added yet
mcp-servers-none = None yet.
mcp-status-sealed-elsewhere = Its sealed header values and sign-in do not open with this passphrase. Remove the server and add it again.
# A server's status line; "Check" is the name of the button next to it
mcp-status-not-reached = Not reached since the page loaded. Check connects to it.
# A server's status line while it is being reached
mcp-status-connecting = Connecting…
# A server's status line; $error is why (a full sentence)
mcp-status-failed = Failed: { $error }
mcp-status-signing-in = Signing in: finish in the window that opened.
# A server's switch: its accessible name; $server is the server's name
mcp-offer-tools-of = Offer the tools of { $server }
# The label of a server's switch that offers its tools to agents
mcp-offer-its-tools = Offer its tools
# Button's accessible name; $server is the server's name
mcp-unlock-to-use = Unlock to use { $server }
# Button's accessible name; $server is the server's name
mcp-check-server = Check { $server }
# Button: connect to the server again and list its tools
mcp-check = Check
# Button's accessible name; $server is the server's name
mcp-sign-in-again-to = Sign in again to { $server }
# Button's accessible name; $server is the server's name
mcp-sign-in-to = Sign in to { $server }
# Button on a server's row (signed in before)
mcp-sign-in-again = Sign in again
# Button on a server's row
mcp-sign-in = Sign in
# Button's accessible name; $server is the server's name
mcp-sign-out-of = Sign out of { $server }
# Button on a server's row
mcp-sign-out = Sign out
# Button's accessible name; $server is the server's name
mcp-remove-server = Remove { $server }
# The disclosure of a server's tools, as last listed
mcp-tool-count =
    { $count ->
        [one] { $count } tool
       *[other] { $count } tools
    }
# Under a server's tool list; $tokens is a number of tokens
mcp-tools-tokens =
    { $tokens ->
        [one] All of them add about { $tokens } token to every request of an agent that offers them.
       *[other] All of them add about { $tokens } tokens to every request of an agent that offers them.
    }
# The accessible name of the copy button for the response headers a server must send; $server is its name
mcp-copy-headers = Copy the headers { $server } needs
# The accessible name of the connection doctor's advice; $server is the server's name
mcp-doctor-advice = What to do about { $server }
# Shown when saving a server failed; $error is why
mcp-server-not-saved = The MCP server could not be saved: { $error }
# Why a server was not saved (follows "The MCP server could not be saved:")
mcp-server-stored-sealed = its header value or sign-in is stored only sealed: unlock your API keys first
## The form that adds an MCP server (src/mcp/add_mcp_server.rs)
mcp-enter-address = Enter the server's address.
mcp-enter-http-address = Enter an http:// or https:// address, such as https://example.com/mcp.
mcp-header-value-locked = Unlock your API keys first: with the key lock on, a header value is stored only sealed with them.
# The accessible name of the form
mcp-add-server-form = Add an MCP server
# Field label: the server's address
mcp-server-url = Server URL
# Hint under the Name field: the name starts the names of the server's tools
mcp-server-name-hint = The first part of its tools' names. Its host when left empty.
# Field label: the name of an HTTP header (such as Authorization)
mcp-header-name = Header name (optional)
# Field label: the value of that HTTP header (such as an API key)
mcp-header-value = Header value
mcp-header-value-hint = Sent with every request to this server only, like a provider's key.
# A disclosure: an OAuth client registered with the server's owner
mcp-sign-in-client = Sign-in client (optional)
mcp-sign-in-client-hint = Only for a server whose sign-in does not register Hearth itself: the client id (and secret) its owner gave you.
# Field label (OAuth term)
mcp-oauth-client-id = OAuth client ID
# Field label (OAuth term)
mcp-oauth-client-secret = OAuth client secret
mcp-oauth-client-secret-hint = Sent only to the server's sign-in, never in a backup.
# Button that adds the server
mcp-add-server = Add server
## The composer's "Prompts and resources" dialog (src/mcp/mcp_picker.rs and its parts)
# The button beside Attach and the dialog's heading: an MCP server's prompts (texts to insert) and resources (texts to attach)
mcp-prompts-and-resources = Prompts and resources
# The tooltip of the button that opens the dialog
mcp-prompts-and-resources-title = Prompts and resources of your MCP servers
mcp-picker-hint = A prompt goes into the message box, to read and change before you send it. A resource is attached to your next message, as the text it has now.
mcp-picker-no-server = No MCP server is on. Add one in Tools.
# While the dialog asks a server for its prompts and resources
mcp-asking-server = Asking the server…
mcp-offers-nothing = It offers no prompts or resources.
# Heading of a server's list of prompts
mcp-prompts = Prompts
# Heading of a server's list of resources
mcp-resources = Resources
# Accessible name of a server's list of prompts; $server is its name
mcp-prompts-of = Prompts of { $server }
# Accessible name of a server's list of resources; $server is its name
mcp-resources-of = Resources of { $server }
# Said while a prompt is asked for; $prompt is its name
mcp-getting-prompt = Getting the prompt { $prompt }…
# $prompt is the prompt's name; $count how many parts were left out
mcp-prompt-parts-left-out =
    { $count ->
        [one] The prompt { $prompt } also has { $count } image, sound or file that cannot go into a message; it was left out.
       *[other] The prompt { $prompt } also has { $count } images, sounds or files that cannot go into a message; they were left out.
    }
# Said while a resource is read; $uri is its address
mcp-reading-resource = Reading { $uri }…
# $uri is the resource's address; $count how many non-text parts were left out
mcp-resource-parts-left-out =
    { $count ->
        [one] { $uri }: its { $count } binary part was left out (only text is attached).
       *[other] { $uri }: its { $count } binary parts were left out (only text is attached).
    }
# Accessible name of a prompt's form; $prompt is the prompt's name
mcp-prompt-form = The prompt { $prompt }
# A required field was left empty; $fields is the list of their labels
mcp-fill-in = Fill in { $fields }.
# Button: puts the prompt into the message box
mcp-insert = Insert
# Button: back to the lists of prompts and resources
mcp-back = Back
# The label of a prompt's argument that must be filled in; $argument is its label
mcp-argument-required = { $argument } (required)
# Accessible name of a resource template's form; $resource is the template's name
mcp-resource-form = The resource { $resource }
# A resource template cannot be used; $error is why
mcp-template-unusable = This template cannot be used: { $error }.
# Before the address (URI) the template's fields make, shown as code
mcp-template-address = Address:
# Button: attaches the resource to the next message
mcp-attach = Attach
## Why an MCP server could not be used (src/mcp/state/failure.rs)
# $detail is the browser's own message
mcp-failure-unreachable = The server could not be reached ({ $detail }). Check the address, that the server is running, and that it allows this page's origin (CORS).
mcp-failure-redirected = The server answered with a redirect, which Hearth does not follow (your headers go only to the address you set). Use the address it redirects to.
# "Sign in" is a button's name; "Tools, MCP servers" is where it is
mcp-failure-more-access = The server wants more access than your sign-in gave. Sign in again under Tools, MCP servers.
# "Sign in" is a button's name; "Tools, MCP servers" is where it is
mcp-failure-sign-in = The server wants you to sign in: use Sign in under Tools, MCP servers.
# $body is the start of the server's answer (may be empty)
mcp-failure-refused = The server refused access (HTTP 401/403). Check its headers (an API key?). { $body }
# $status is an HTTP status code; $body the start of the server's answer (may be empty)
mcp-failure-status = The server answered HTTP { $status }. { $body }
# $code is a JSON-RPC error code; $message is the server's own words
mcp-failure-rpc = The server answered an error ({ $code }): { $message }
# $reason is an English technical reason
mcp-failure-not-mcp = The server's answer is not MCP: { $reason }.
mcp-failure-no-answer = The server ended its answer without a result.
mcp-failure-stopped = Stopped by the user.
# $why is a technical reason
mcp-code-not-loaded = Hearth's MCP code could not be loaded ({ $why }).
mcp-failure-timed-out =
    { $seconds ->
        [one] The server said nothing for { $seconds } second.
       *[other] The server said nothing for { $seconds } seconds.
    }
mcp-failure-gone = The server ended the session.
# $error is why
mcp-failure-prompt = The prompt cannot be used: { $error }.
# $error is why
mcp-failure-resource = The resource cannot be attached: { $error }.
mcp-failure-removed = The MCP server is no longer in Tools.
mcp-failure-switched-off = The MCP server is switched off in Tools.
mcp-failure-locked = Its header values and sign-in are sealed with your API keys' passphrase: unlock your API keys to use this server.
# $error is why
mcp-sign-in-failed = Signing in failed: { $error }.
# $what is one of the three OAuth terms below; $url is its address
mcp-sign-in-unreachable = Signing in failed: the { $what } at { $url } did not answer this page. It may be down, or it does not allow browser pages (CORS), and then no browser client can sign in to it: ask its owner to allow this origin.
# $what is one of the three OAuth terms below
mcp-sign-in-no-metadata = Signing in failed: the server publishes no { $what }.
mcp-sign-in-locked = Unlock your API keys first: with the key lock on, a sign-in is stored only sealed with them.
# OAuth term, shown inside "Signing in failed: the … at (address) did not answer this page."
mcp-what-registration-endpoint = registration endpoint
# OAuth term, shown inside "Signing in failed: the … at (address) did not answer this page."
mcp-what-token-endpoint = token endpoint
# OAuth term, shown inside "Signing in failed: the server publishes no …."
mcp-what-server-metadata = authorization server metadata
## An MCP App's view in a reply's tool widget (src/mcp/mcp_app.rs, mcp_app/, src/mcp/state/app_host.rs)
# The view's region name; $tool is the tool's name, $server the MCP server's
mcp-app-label = App of { $tool } from { $server }
# Stands for the server's name when the server was removed from Hearth
mcp-app-server-removed = a server that was removed
# The accessible name of the view's frame
mcp-app-frame-title = App of { $tool }
mcp-app-close = Close app
mcp-app-show = Show app
mcp-app-show-again = Show app again
mcp-app-closed = The app is closed.
# $origins is a list of web origins, such as https://unpkg.com
mcp-app-reaches = This app may connect to { $origins } once shown.
# $why says why, in the words of Hearth's core (English)
mcp-app-failed = The app cannot be shown: { $why }
mcp-app-missing = This device does not have the app's page.
# $server is the MCP server's name
mcp-app-fetch = Fetch it from { $server }
mcp-app-missing-removed = This device does not have the app's page, and its server was removed.
# A question: the view asks to call one of its server's tools
mcp-app-asks-to-run = The app asks to run { $tool } on { $server }
mcp-app-run = Run
mcp-app-run-always = Run, and { $tool } from this app from now on
mcp-app-dont-run = Don't run
mcp-app-asks-to-open = The app asks to open a page
# $host is the site's host name, such as example.com
mcp-app-open-link = Open { $host }
mcp-app-dont-open = Don't open
mcp-app-call-not-run = { $tool } was not run.
# $error is why, already a sentence
mcp-app-call-failed = { $tool } failed: { $error }
mcp-app-draft = The app put a message in your message box. Send it if you want to.
mcp-app-draft-left-out = The app put a message in your message box ({ $count } parts that are not text were left out). Send it if you want to.
mcp-app-flooded = The app sent more messages than Hearth reads; the rest were dropped.
mcp-app-unreadable = The app sent a message Hearth cannot read; it was dropped.
mcp-app-call-refused = The app asked to call { $tool }, which is not one of the tools its server lets apps call; it was refused.
mcp-app-link-refused = The app asked to open { $url }, which is not a web address; it was refused.
mcp-app-empty-message = The app sent a message with no text; it was refused.
# $method is a protocol method's name, such as ui/open-link
mcp-app-invalid = The app asked for { $method } with parameters it does not take; it was refused.
mcp-app-not-sandboxed = The app's frame was not sandboxed, so it ran nothing.
mcp-app-restarted = The app replaced its page, so it was stopped. Show it again to start it anew.
mcp-app-newer = This app was kept by a newer Hearth, which shows it.
## The app preview (src/apps/)
# A reply's button: shows that version of the app in the preview; $version is its number
apps-show-version = Show app version { $version }
# The preview's heading; $version is the version shown, $count how many there are
apps-preview-heading = App preview · version { $version } of { $count }
# The title of the app's frame; $version is its number
apps-frame-title = App preview, version { $version }
# The title of the app's page in a new tab; $version is its number
apps-tab-title = App, version { $version }
# $reason is why
apps-new-tab-failed = The app could not open in a new tab: { $reason }.
# $reason is why
apps-download-failed = The app could not be downloaded: { $reason }.
# The accessible name and tooltip of the Reload button
apps-reload-app = Reload app
# Button (short, it fits a phone): runs the app again
apps-reload = Reload
# The accessible name and tooltip of the New tab button
apps-open-in-new-tab = Open app in a new tab
# Button (short, it fits a phone): opens the app in a new browser tab
apps-new-tab = New tab
# The accessible name of the Download button
apps-download-app = Download app
# The tooltip of the Download button
apps-download-app-title = Download app as an HTML file
# Button (short, it fits a phone): stops the app from using the network
apps-block-network = Block network
# Button (short, it fits a phone): lets the app use the network (asks first)
apps-allow-network = Allow network
# The accessible name and tooltip of the Block network button
apps-block-network-for-app = Block network for this app
# The accessible name and tooltip of the Allow network button
apps-allow-network-for-app = Allow network for this app
# The accessible name and tooltip of the Close button
apps-close-preview = Close preview
apps-network-allowed = Network allowed for this app.
apps-runs-offline = Runs offline in a sandbox: no network, no access to Hearth's data.
# Confirm prompt before the app may use the network
apps-allow-network-confirm = Allow this app to use the network? It can then load files from the internet and send what you type in it to any server. Hearth's data and keys stay out of its reach. This applies to every version of the app in this conversation.
apps-error-not-sent = The error was not sent: wait until the reply has finished.
# Announced when the app throws an error; $error is the app's own message
apps-error-reported = The app reported an error: { $error }
# Button: opens the preview again after it was closed
apps-show-preview = Show app preview
# $reason is why
apps-did-not-run = The app did not run: { $reason }.
# $reason is why
apps-cannot-run = The app cannot run: { $reason }.
# Heading of the list of errors the app threw
apps-errors-heading = Errors in the app
# One error the app threw; $line is its line number, $error the app's own message
apps-error-on-line = Line { $line }: { $error }
# Before the text of the line that failed (shown as code)
apps-error-source = In:
# Button under an error of the app: sends it to the agent to fix
apps-send-error = Send this error to the agent
## Backups and imports (src/store/data.rs)
store-no-storage-export = Storage is not available, so there is nothing to export.
store-no-storage-import = Storage is not available, so nothing can be imported.
store-no-storage = Storage is not available.
# $why is why (a sentence fragment)
store-nothing-imported = Nothing was imported: { $why }
# $error is what is wrong with the backup
store-import-bad-backup = Nothing was imported: { $error }.
store-knowledge-failed = The knowledge bases could not be read or written: { $error }.
store-knowledge-summary = Knowledge bases: { $bases }, with { $files } files (read again here; any already here stays as it is)
store-import-not-text = Nothing was imported: the file is not text, a backup or a .zip
# $reason is why the file is not a ChatGPT export (a sentence fragment)
store-import-unrecognised = Nothing was imported: this file is neither a Hearth backup nor a ChatGPT export. { $reason }
store-import-changed-meanwhile = Nothing was imported: the stored data changed while the review was open (in another tab). Import the file again to see what it would change now.
store-import-damaged-attachment = Nothing was imported: an image or PDF in the file is damaged (its bytes do not match its fingerprint).
# Why a conversation could not be exported as a .zip (a sentence fragment)
store-too-large-for-zip = the conversation is too large for a zip
# Why a file is not a ChatGPT export (a sentence fragment; conversations.json is a file name)
store-zip-no-conversations = the .zip has no conversations.json, so it is not a ChatGPT export
# Why a file is not a ChatGPT export (a sentence fragment; conversations.json is a file name)
store-conversations-not-text = its conversations.json is not text
# Why a file is not a ChatGPT export (a sentence fragment; conversations.json is a file name)
store-cannot-unpack-zip = this browser cannot unpack .zip files; unzip it and choose conversations.json
# $file is the name of a file inside the .zip (a sentence fragment)
store-entry-cut-short = { $file } is cut short
# $file is the name of a file inside the .zip (a sentence fragment)
store-entry-too-large = { $file } is too large to import
# $file is the name of a file inside the .zip (a sentence fragment)
store-entry-longer-than-declared = { $file } is damaged (it unpacks to more than it says)
# $file is the name of a file inside the .zip (a sentence fragment)
store-entry-damaged = { $file } is damaged
# $file is the name of a file inside the .zip (a sentence fragment)
store-entry-checksum = { $file } is damaged (its checksum does not match)
# $file is the name of a file inside the .zip; $method is the number of its packing method (a sentence fragment)
store-entry-method = { $file } is packed in a way Hearth cannot unpack ({ $method })
# Said after a backup was downloaded; the counts are what it holds
store-exported =
    Exported { $conversations ->
        [one] { $conversations } conversation
       *[other] { $conversations } conversations
    }, { $messages ->
        [one] { $messages } message
       *[other] { $messages } messages
    }.
# Said after a backup was downloaded; the counts are what it holds
store-exported-with-attachments =
    Exported { $conversations ->
        [one] { $conversations } conversation
       *[other] { $conversations } conversations
    }, { $messages ->
        [one] { $messages } message
       *[other] { $messages } messages
    }, { $attachments ->
        [one] { $attachments } attachment
       *[other] { $attachments } attachments
    }.
# The heading of the import review
store-import-backup-heading = Import this backup?
# The heading of the import review
store-import-chatgpt-heading = Import these ChatGPT conversations?
# In the import review: what a ChatGPT import changed; $changes is a list (in English, from the importer)
store-chatgpt-changed = Changed on the way: { $changes }.
# In the import review: what a ChatGPT import left out; $skipped is a list (in English, from the importer)
store-chatgpt-skipped = Not imported from ChatGPT: { $skipped }.

## settings

# Folders: src/sync/ (ids sync-…) and src/settings/ (ids settings-…)
## src/sync/sync_settings.rs: Settings → Sync
# Heading of the Sync section in Settings
sync-heading = Sync
sync-intro = Sync your conversations, agents, settings and knowledge bases across devices through your own CouchDB server. API keys are never synced. The guide shows how to set up a server.
sync-knowledge-held-hint = It is taken again when Hearth next starts.
# Field label: the address (URL) of the CouchDB server
sync-server-address = Server address
# Field label: the name of the CouchDB database
sync-database = Database
# Field label: the user's name on the sync server
sync-user-name = User name
# Field label: the user's password on the sync server
sync-password = Password
sync-encrypt-check = Encrypt end to end with a sync passphrase
# Field label: the passphrase that encrypts synced documents
sync-passphrase = Sync passphrase
sync-passphrase-hint = Use the same passphrase on every device. The server then stores only encrypted documents; a lost passphrase cannot be recovered, and the server's copy stays unreadable.
# Button
sync-start = Start sync
# Button
sync-stop = Stop sync
# Button: checks the sync server's setup and lists what works and what to change
sync-check-server = Check server
sync-unlock-keys-first = Unlock your API keys first: the key lock seals the sync password too.
sync-enter-address-and-database = Enter the server's address and the database's name.
# "https://" and "http://" are typed as they are
sync-address-scheme = The address starts with https:// (or http:// for a server on this machine).
sync-type-passphrase = Type the sync passphrase: it encrypts everything before it leaves this device.
## src/sync/sync_settings/sync_progress.rs: the progress line
sync-off = Sync is off.
# Sync is loading its code or waiting for the passphrase
sync-starting = Starting…
sync-other-tab = Another Hearth tab is syncing; this one follows it.
sync-syncing = Syncing…
sync-live = Up to date; changes on either side sync as they happen.
# $why: what went wrong (a sentence without its final full stop); $time: date and time of the next try
sync-retrying = { $why }. Trying again at { $time }.
# $time: date and time
sync-last-synced = Last synced at { $time }.
# $n: changes of this device not on the server yet
sync-changes-waiting =
    { $n ->
        [one] { $n } change waits to be sent.
       *[other] { $n } changes wait to be sent.
    }
## src/sync/sync_check.rs: Check server's findings
# Before a finding of Check server that is fine
sync-finding-works = Works:
# Before a finding of Check server worth a look
sync-finding-warning = Warning:
# Before a finding of Check server that stops sync
sync-finding-problem = Problem:
sync-checking-server = Checking the server…
# Accessible name of the list of Check server's findings
sync-server-check-list = Server check
# $error: a technical reason
sync-check-code-not-loaded = The check's code did not load ({ $error }).
## src/sync/sync_conflicts.rs: fields changed on two devices
# Shown for a value that is empty, in place of the value
sync-value-empty = (empty)
# Followed by the value Hearth shows now
sync-shown-now = Shown now:
# Followed by the value the other device has
sync-other-devices-value = The other device's:
# Button: keeps the value shown now
sync-keep-shown = Keep the shown one
# Button: keeps the other device's value
sync-keep-other = Keep the other device's
# Heading of the list of conflicts
sync-conflicts-heading = Changed on two devices
sync-conflicts-hint = Both devices changed these at the same time. Pick the one to keep; the other is dropped.
# Accessible name of the list of conflicts
sync-conflicts-list = Conflicts to resolve
## src/sync/sync_unreadable.rs: documents held instead of synced
# Heading: documents this version of Hearth cannot read, kept as they are
sync-unreadable-heading = Kept without reading
sync-unreadable-hint = This version of Hearth cannot read these documents. They stay on the server and on every device as they are; nothing here deletes or changes them.
# Accessible name of the list
sync-unreadable-list = Documents this version cannot read
# Heading: documents the server refused
sync-refused-heading = Not synced
sync-refused-hint = The server refused these. They stay on this device; everything else syncs.
# Accessible name of the list
sync-refused-list = Documents the server refused
# $why: why the document is held (a phrase, stored in English)
sync-held-why = Why: { $why }.
# $hint: what would change it (a sentence, stored in English)
sync-held-what-now = What now: { $hint }
## src/sync/state.rs, src/sync/state/code.rs: starting sync
sync-on-type-passphrase = Sync is on, end-to-end encrypted: type the sync passphrase and press Start sync.
# $error: a technical reason
sync-code-not-loaded = Sync's code did not load ({ $error }).
## src/sync/state/e2e.rs: end-to-end encryption
sync-wrong-passphrase = That sync passphrase does not open this database's documents. Type the passphrase you chose on your first device (a lost passphrase cannot be recovered: the server's copy stays unreadable).
# $why: a technical reason
sync-encryption-check-damaged = The database's encryption check cannot be read ({ $why }).
# Why the encryption check cannot be read: its initialisation vector (IV) is malformed
sync-bad-iv = a bad IV
# A phrase, shown as it is or followed by ". Trying again at …" (no final full stop); $status: an HTTP status code (such as 500)
sync-encryption-check-refused = the server refused the encryption check (status { $status })
# A phrase, as sync-encryption-check-refused; $status: an HTTP status code (such as 500)
sync-encryption-check-answered = the server answered { $status } for the encryption check
## src/sync/state/engine.rs: why sync stopped or waits
sync-settings-unreadable = The sync settings cannot be read: enter them again.
sync-no-storage = Storage is not available in this browser, so there is nothing to sync.
sync-unlock-keys-then-start = Unlock your API keys, then press Start sync: the key lock seals the sync password.
sync-type-passphrase-to-start = Type the sync passphrase to start.
sync-storage-failed = This device's storage failed.
# $why: a technical reason
sync-storage-failed-why = This device's storage failed: { $why }
sync-database-encrypted = This database is end-to-end encrypted: turn on encryption and type its sync passphrase.
# No final full stop: ". Trying again at …" follows. $detail: a technical reason
sync-offline = Offline, or the server did not answer ({ $detail })
# No final full stop: ". Trying again at …" follows
sync-redirected = The server answered with a redirect, which Hearth does not follow: use the address it redirects to
# No final full stop: ". Trying again at …" follows
sync-records-kept-changing = Records kept changing while sync wrote them
# $what: what sync was doing (one of the phrases below, such as "reading changes")
sync-refused-credentials = The server refused the user name or password ({ $what }). Check them in Settings → Sync.
# $what: what sync was doing (one of the phrases below, such as "reading changes")
sync-refused-access = This user may not use that database ({ $what }). Ask its admin to add them to the database's members.
# $what: what sync was doing (such as "reading changes"); $reason: the server's reason, in its words
sync-refused-access-reason = This user may not use that database ({ $what }: { $reason }). Ask its admin to add them to the database's members.
# $what: what sync was doing (one of the phrases below, such as "reading changes")
sync-refused-no-database = The database does not exist ({ $what }). Create it on the server first.
# No final full stop: ". Trying again at …" follows. $what: what sync was doing (such as "reading changes"), at the start; $status: an HTTP status code; $reason: the server's reason, in its words (may be empty)
sync-server-answered = { $what }: the server answered { $status } { $reason }
# No final full stop: ". Trying again at …" follows. $error: a technical reason
sync-answer-unreadable = the server's answer could not be read ({ $error })
# No final full stop: ". Trying again at …" follows. $error: a technical reason
sync-changes-unreadable = the server's changes could not be read ({ $error })
# No final full stop: ". Trying again at …" follows. $error: a technical reason
sync-documents-unreadable = the server's documents could not be read ({ $error })
# What sync was doing when the server refused (put into the messages above, in parentheses or at the start)
sync-doing-opening-database = opening the database
# What sync was doing (see sync-doing-opening-database)
sync-doing-reading-checkpoint = reading a checkpoint
# What sync was doing (see sync-doing-opening-database)
sync-doing-writing-checkpoint = writing a checkpoint
# What sync was doing (see sync-doing-opening-database)
sync-doing-comparing-revisions = comparing revisions
# What sync was doing (see sync-doing-opening-database)
sync-doing-checking-encryption = checking whether the database is end-to-end encrypted
# What sync was doing (see sync-doing-opening-database)
sync-doing-sending-changes = sending changes
# What sync was doing (see sync-doing-opening-database)
sync-doing-reading-changes = reading changes
# What sync was doing (see sync-doing-opening-database)
sync-doing-fetching-changes = fetching changes
# What sync was doing (see sync-doing-opening-database)
sync-doing-fetching-attachments = fetching attachments
settings-reading-file = Reading the file…
settings-review-import = Review the import.
settings-import-cancelled = Import cancelled. Nothing was changed.
# The name of the import's progress bar
settings-import-progress = Import progress
# Under the progress bar while a backup file is read; $done and $total count its records
settings-import-reading = Reading the file: { $done } of { $total } records
# Under the progress bar while an import's messages are written
settings-import-writing = Writing: { $done } of { $total } messages
# Confirm prompt before deleting everything
settings-confirm-delete-all = Delete all conversations, knowledge bases, settings and keys in this browser?
settings-all-data-deleted = All data deleted.
settings-auto-title = Generate conversation titles with the model
settings-stall-timeout = Give up on a reply after this many seconds without data
settings-stall-timeout-invalid = Enter a whole number of seconds from 1 to 3600.
# Heading of the backup section
settings-backup-heading = Backup
settings-backup-hint = Everything stays in this browser. A backup file restores it here or in another browser.
settings-include-keys = Include API keys in the backup
# Button
settings-export-backup = Export backup
# File field label; ".zip" and "conversations.json" are file names
settings-import-file = Import a backup or a ChatGPT export (.zip or conversations.json)
# Heading of the section with irreversible actions
settings-danger-zone = Danger zone
# Button
settings-delete-all = Delete all data
## src/settings/import_review.rs: the import review dialog
# Followed by a list of what the import adds and changes
settings-import-will = Nothing has been changed yet. The import will:
# Button: imports the reviewed backup
settings-import-confirm = Import
## src/settings/image_hosts_setting.rs
settings-image-hosts = Load images automatically from these hosts
# Placeholder of the empty host list: no host
settings-image-hosts-none = none
# "Load image" is the button on an image that waits
settings-image-hosts-hint = Separate hosts with spaces, for example: upload.wikimedia.org. Images from other hosts wait for "Load image".
# $hosts: what was typed, separated by commas
settings-not-a-host = Not a host name: { $hosts }. Nothing was changed.
## src/settings/long_conversation_settings.rs
# Heading of the section on compacting long conversations
settings-long-conversations = Long conversations
settings-long-conversations-hint = When a conversation fills its model's context window, the older turns are summarised. The first message and the last turns are sent as they are; every message stays stored and shown.
# Field label: a percentage of the model's context window
settings-compact-at = Compact at (% of the context window)
# Field label: "N" is the number typed in the field
settings-keep-last-turns = Keep the last N turns verbatim
# Label of a list of models that write the summary
settings-summarise-with = Summarise with
# Choice in "Summarise with": each conversation's own model
settings-own-model = The conversation's model
## src/settings/storage_usage.rs
# Heading of the storage section
settings-storage = Storage
settings-storage-counting = Images and PDFs: counting…
# $n: how many files; $size: their size, already formatted (such as "3.2 MB")
settings-storage-attachments =
    { $n ->
        [one] Images and PDFs: { $n } file, { $size }.
       *[other] Images and PDFs: { $n } files, { $size }.
    }
# $used, $quota: sizes already formatted (such as "3.2 MB"); $share: the percentage used
settings-storage-browser = This browser: Hearth uses { $used } of the { $quota } it may use ({ $share } %).
settings-voice-hint = Dictation records only while the microphone button is pressed, and sends the recording to the account or service chosen here, nowhere else; the browser on this device keeps it here.
# Label of the list of who turns dictation into text
settings-dictation-with = Turn speech into text with
settings-dictation-off = Nobody yet (dictation is off)
settings-dictation-browser-service = This browser's speech service (your voice goes to the browser's maker, such as Google)
settings-dictation-device = This browser, on this device
settings-dictation-device-available = This browser, on this device (your voice stays here)
settings-dictation-device-downloadable = This browser, on this device (your voice stays here; it downloads its speech model first)
settings-dictation-device-unavailable = This browser, on this device (not for this language)
settings-dictation-device-none = This browser, on this device (this browser cannot)
# Field label: the model that transcribes dictation
settings-transcription-model = Transcription model
# "en" and "de" are language codes, typed as they are
settings-language-spoken = Language spoken (such as en or de; blank: any)
# Label of the list of who reads answers aloud
settings-read-aloud-with = Read answers aloud with
settings-read-aloud-browser = This browser's voices (on this device)
settings-read-aloud-account = An account's speech API (it receives the reply's text)
# Label of the list of accounts that read aloud
settings-speech-account = Speech account
settings-choose-account = Choose an account
# Field label: the model that reads aloud
settings-speech-model = Speech model
# Field label: the voice that reads aloud
settings-voice-name = Voice (blank: the default)
# Placeholder of the voice field: the browser's default voice
settings-voice-browser-default = the browser's own
# Label of the list of reading speeds
settings-speed = Speed
# A reading speed, such as "1.5×" (times normal speed)
settings-voice-speed = { $speed }×
# Field label: the model for live voice conversations; blank uses the provider family's default
settings-talk-model = Talk model (blank: the family’s)

## Phone layout
# On a phone: the composer's button that shows or hides its other options (search, effort, pictures, compare, talk)
composer-more-options = More options

## Built-in tools, merge recipes and why a model reads what it reads (labels kept in hearth-core, shown through tr)
tools-builtin-current-time = Current time
tools-builtin-calculator = Calculator
tools-builtin-fetch-url = Fetch a URL
tools-builtin-search-conversations = Search my conversations
tools-builtin-read-project-file = Read a project file
tools-builtin-run-javascript = Run JavaScript
chat-compare-recipe-combine = Combine into one answer
chat-compare-recipe-table = Compare in a table
chat-compare-recipe-own = My own instruction
providers-inputs-from-user = as set in Providers
providers-inputs-from-model-list = as the provider’s model list says
providers-inputs-from-refusal = the provider refused one earlier
providers-inputs-from-documentation = as its provider documents
# Settings → Language: Apply was pressed while reloading would lose something
language-held = Not reloaded now: a reply is still coming or a message is not sent. The language applies the next time Hearth opens, or press Apply again once they are done.

## Knowledge bases (the Knowledge dialog, an agent's bases, a reply's passages, the viewer)

knowledge-top = Knowledge
knowledge-hint = Knowledge bases are your files, read and searched in this browser. An agent with a base gets the passages that best match each question, with their sources, and can search again. Only those passages go with your question; a base that embeds also sends its passages to the embedding model you choose.
knowledge-none = No knowledge base yet.
knowledge-new = New knowledge base
knowledge-new-placeholder = Name, such as Handbook
knowledge-make = Make
knowledge-add-files = Add files
knowledge-add-folder = Add a folder
knowledge-words-only = Words only (no embeddings)
knowledge-use = Use
knowledge-start-embedding = Start embedding
knowledge-carry-hint = Other devices, and a browser a backup is restored into, then use them instead of embedding the files again.
knowledge-read-again = Read again
knowledge-waiting = Waiting to be read
knowledge-failed = Failed
knowledge-binary = Skipped: it is not text, whatever its name says.
knowledge-empty = Skipped: it is empty.
knowledge-mention-base = { $name } (knowledge base)
knowledge-mention-file = { $name } (in { $base })
knowledge-not-arrived = Waiting for its bytes from your other device (sync).
knowledge-encrypted = Skipped: it is encrypted, so its text cannot be read.
knowledge-zip-bomb = Refused: it would unpack to far more than it says (a zip bomb?).
knowledge-no-text = Failed: no text was found in it (a scan?).
knowledge-gone = This file is no longer in its knowledge base; what the reply was given:
knowledge-file-text = The file's text
knowledge-cited = cited
knowledge-agent-bases = Knowledge bases
knowledge-agent-none = No knowledge base yet: make one in Knowledge.
knowledge-agent-budget = Tokens of passages with each question
knowledge-problem = Something went wrong with the knowledge bases: { $detail }
knowledge-removed-files = { $count ->
        [one] Removed { $name }
       *[other] Removed { $count } files
    }
knowledge-removed-base = Removed { $name }
knowledge-totals = { $files ->
        [one] 1 file
       *[other] { $files } files
    } · { $size } · { $passages ->
        [one] 1 passage
       *[other] { $passages } passages
    }
knowledge-add-files-to = Add files to { $name }
knowledge-add-folder-to = Add a folder to { $name }
knowledge-remove-base = Remove { $name }
knowledge-files-of = Files of { $name }
knowledge-embed-account = Embeddings for { $name }
knowledge-embed-model = Embedding model for { $name }
knowledge-carry-vectors = Carry the embeddings of { $name } in backups and sync
knowledge-cost-local = About { $tokens } tokens to embed, on this machine: free.
knowledge-cost = About { $tokens } tokens to embed: about ${ $dollars } at the published price.
knowledge-cost-unknown = About { $tokens } tokens to embed; Hearth does not know this model's price.
knowledge-remove-file = Remove { $name }
knowledge-retry-file = Read { $name } again
knowledge-embedding = { $passages ->
        [one] 1 passage, being embedded
       *[other] { $passages } passages, being embedded
    }
knowledge-embedded = { $passages ->
        [one] 1 passage, embedded
       *[other] { $passages } passages, embedded
    }
knowledge-embed-failed = { $passages ->
        [one] 1 passage; embedding failed ({ $error }), so it is searched by words
       *[other] { $passages } passages; embedding failed ({ $error }), so it is searched by words
    }
knowledge-indexed = { $passages ->
        [one] 1 passage
       *[other] { $passages } passages
    }
knowledge-too-large = Skipped: { $size } is more than the { $limit } a file may be.
knowledge-unsupported = Skipped: Hearth does not read .{ $extension } files.
knowledge-malformed = Failed: it is damaged or not what its name says ({ $detail }).
knowledge-duplicate = Skipped: the same file is already here as { $of }.
knowledge-too-many = Skipped: a base holds at most { $limit } files.
knowledge-open-pdf-page = Open the PDF at page { $page }
knowledge-reply-summary = { $count ->
        [one] From your knowledge base: 1 passage
       *[other] From your knowledge base: { $count } passages
    }
knowledge-open-passage = Open { $passage }
knowledge-more-files = { $count ->
        [one] …and 1 more file
       *[other] …and { $count } more files
    }
knowledge-unlink = Unlink
knowledge-link-folder = Link a folder
knowledge-folder-linked = Kept in step with the folder { $folder }.
knowledge-folder-allow = Allow reading { $folder } again
knowledge-folder-unlink = Unlink the folder of { $name }
knowledge-folder-link = Link a folder to { $name }, kept in step
knowledge-agent-budget-error = Enter a whole number of tokens from 200 to 32000, or leave it empty for the default.
