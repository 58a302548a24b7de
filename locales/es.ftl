# Hearth's interface in Spanish (neutral, as used across Spain and Latin America). Translated from en.ftl; same ids.
## i18n

language = Idioma
language-automatic = Automático ({ $name })
language-apply = Aplicar y recargar
language-hint = El idioma de la interfaz en este dispositivo. Lo que tú y los modelos escriben nunca se traduce.
language-failed = No se pudo cargar el idioma elegido, así que se muestra { $name }: { $why }
language-not-kept = Este navegador no pudo guardar la elección (su almacenamiento está bloqueado o lleno).

## chat

## La barra superior
app-agents = Agentes
app-tools = Herramientas
app-settings = Configuración
app-conversations = Conversaciones
app-show-conversations = Mostrar conversaciones
app-more = Más
## Partes comunes
ui-copied = Copiado
ui-copy = Copiar
ui-close = Cerrar
ui-retry = Reintentar
## La conversación
chat-messages = Mensajes
chat-conversation = Conversación
chat-message-you = Tú
chat-message-system = Sistema
chat-jump-to-latest = Ir al último mensaje
chat-conversation-not-found = No se encontró la conversación
chat-conversation-not-found-detail = Esta dirección corresponde a una conversación que no está en este navegador. Puede que se haya eliminado o que se creara en otro navegador: las conversaciones solo se guardan en el navegador donde se crearon.
chat-start-new-chat = Iniciar un chat nuevo
chat-add-provider-to-start = Agrega un proveedor para empezar: OpenAI, Anthropic, Gemini o cualquier servidor compatible con OpenAI, incluidos Ollama o LM Studio en este equipo.
chat-set-up-provider = Configurar un proveedor
## La bienvenida de una conversación vacía
chat-welcome-heading = ¿En qué puedo ayudarte hoy?
chat-suggestions = Sugerencias
chat-suggestion-explain = Explicar algo de forma sencilla
chat-suggestion-explain-prompt = Explica en términos sencillos cómo HTTPS mantiene privada una conexión.
chat-suggestion-code = Escribir código
chat-suggestion-code-prompt = Escribe una función que compruebe si una cadena es un palíndromo, con pruebas.
chat-suggestion-summarise = Resumir un texto
chat-suggestion-summarise-prompt = Resume este texto en tres viñetas:
chat-suggestion-plan = Planear un fin de semana
chat-suggestion-plan-prompt = Ayúdame a planear una escapada tranquila de fin de semana. Primero pregúntame qué me gusta.
chat-welcome-privacy = Nada sale de este navegador, salvo la solicitud a tu proveedor.
## La barra sobre la conversación
chat-open-conversation = Conversación abierta
chat-export-markdown = Exportar como Markdown
chat-branches = Ramas
chat-branches-tooltip = Todos los puntos donde esta conversación se bifurca, para mostrar cualquier rama
chat-export-versions-tooltip = La rama mostrada y, como apéndice, todas las demás versiones
chat-export-with-versions = Exportar con las demás versiones
chat-clear-already-empty = La conversación ya está vacía
chat-clear-tooltip = Eliminar todos sus mensajes
chat-clear-conversation = Vaciar conversación
chat-clear-confirm = ¿Vaciar la conversación “{ $title }”? Se eliminarán todos sus mensajes; la conversación seguirá en la lista, vacía. Esta acción no se puede deshacer.
## El separador del resumen
chat-summary-divider = Mensajes anteriores resumidos
chat-summary-divider-count =
    { $n ->
        [one] Mensajes anteriores resumidos ({ $n } mensaje)
       *[other] Mensajes anteriores resumidos ({ $n } mensajes)
    }
chat-summary-group = Resumen de los mensajes anteriores
chat-summary = Resumen
chat-summary-undo-label = Deshacer el resumen
chat-summary-undo-tooltip = Eliminar este resumen: las solicitudes volverán a enviar los mensajes anteriores
chat-undo = Deshacer
## Un mensaje enviado
chat-show-whole-message = Mostrar el mensaje completo ({ $size })
chat-versions-of-message = Versiones de este mensaje
chat-edit = Editar
chat-edit-tooltip = Editar y volver a enviar (el original se conserva)
## Imágenes, PDF y notas de voz de un mensaje enviado
chat-media-open = Abrir { $name } ({ $detail })
chat-media-missing = Ya no está guardado
chat-media-list = Imágenes, PDF y notas de voz
chat-media-image-alt = { $name }, adjunto al mensaje ({ $detail })
chat-media-no-longer-stored = ya no está guardado
chat-media-not-downloaded = No se descargó { $name }: { $reason }.
chat-media-download = Descargar
chat-voice-note-play = Reproducir { $name }
chat-voice-note-transcript = Transcripción
## Versiones (ramas) de un mensaje
chat-version-of = Versión { $number } de { $count }
chat-show-previous-version = Mostrar la versión anterior
chat-previous-version = Versión anterior
chat-show-next-version = Mostrar la versión siguiente
chat-next-version = Versión siguiente
chat-more-actions = Más acciones
chat-edit-answer = Editar esta respuesta
chat-branch-new-chat = Crear una rama en un chat nuevo
chat-delete-version = Eliminar esta versión
chat-keep-only-path = Conservar solo esta rama
chat-edit-your-message = Edita tu mensaje
chat-edit-message-hint = Se envía como una versión nueva: el original y sus respuestas se conservan, a una flecha de distancia.
chat-cancel = Cancelar
chat-send = Enviar
chat-answer-text = Texto de la respuesta
chat-edit-answer-hint = Guardar como versión nueva conserva la original a una flecha de distancia. Corregir aquí cambia esta respuesta y la marca como editada. En ningún caso se elimina nada de lo que hay debajo.
chat-fix-in-place = Corregir aquí
chat-save-new-version = Guardar como versión nueva
## El esquema de las ramas
chat-outline-heading = Ramas de esta conversación
chat-outline-hint = Todos los puntos donde esta conversación se bifurca, y sus versiones. Elige una para mostrar su rama.
chat-outline-shown = mostrada
chat-outline-fork-answers =
    { $count ->
        [one] Turno { $turn } · { $count } respuesta
       *[other] Turno { $turn } · { $count } respuestas
    }
chat-outline-fork-questions =
    { $count ->
        [one] Turno { $turn } · { $count } versión de la pregunta
       *[other] Turno { $turn } · { $count } versiones de la pregunta
    }
chat-outline-version = { $number } de { $count }: { $text }
chat-outline-model-edited = { $model }, editada
## Comparar modelos
chat-compare-answer-name = Respuesta { $letter }
chat-compare-merged-answer = Respuesta combinada
chat-compare-merge-credit =
    { $count ->
        [one] Escrita a partir de { $count } respuesta con: “{ $recipe }”
       *[other] Escrita a partir de { $count } respuestas con: “{ $recipe }”
    }
chat-compare-writing = Escribiendo…
chat-compare-stop-answer = Detener { $name }
chat-compare-stop = Detener
chat-compare-retry-answer = Reintentar { $name }
chat-compare-continue-with-answer = Continuar con { $name }
chat-compare-continuing = Continuando con esta
chat-compare-continue-with-this = Continuar con esta
chat-compare-choose-tooltip = Elegirla para “Continuar por separado”
chat-compare-choose-answer = Elegir { $name } para continuar por separado
chat-compare-choose = Elegir
chat-compare-first-token-time = { $time } hasta el primer token
chat-compare-total-time = { $time } en total
chat-compare-output-tokens =
    { $n ->
        [one] { $n } token
       *[other] { $n } tokens
    }
chat-compare-cost = aprox. { $cost }
chat-compare-new-chats =
    { $n ->
        [one] { $n } chat nuevo, en la lista bajo este.
       *[other] { $n } chats nuevos, en la lista bajo este.
    }
chat-compare-turn-label = Respuestas comparadas ({ $n })
chat-compare-answers = Respuestas
chat-compare-scroll-separately = Desplazar las columnas por separado
chat-compare-continue-separately-tooltip = Cada respuesta elegida continúa en un chat nuevo propio
chat-compare-continue-separately = Continuar por separado
chat-compare-continue-separately-count = Continuar por separado ({ $n })
chat-compare-merge-open = Combinar…
chat-compare-merge-form = Combinar las respuestas
chat-compare-recipe = Receta
chat-compare-instruction = Instrucción
chat-compare-written-by = Escrita por
chat-compare-agent-model = El modelo del agente
chat-compare-merge = Combinar

## composer

## El compositor
composer-label = Área de redacción
composer-keys = Enter envía · Shift+Enter agrega una línea · @ adjunta un archivo
composer-message = Mensaje
composer-message-placeholder = Escribe un mensaje a Hearth…
composer-talk = Hablar
composer-talk-title = Hablar con el modelo en voz alta
composer-search = Buscar
composer-search-web = Buscar en la web
composer-search-title = Responder con la búsqueda web propia del proveedor, con fuentes
composer-take-photo = Tomar una foto
composer-compare = Comparar
composer-compare-models = Comparar modelos
composer-compare-title = Enviar el próximo mensaje a varios modelos y ver sus respuestas lado a lado
composer-effort = Esfuerzo de razonamiento
composer-effort-title = Cuánto piensa un modelo de razonamiento antes de responder
composer-effort-default = Esfuerzo: predeterminado
composer-effort-low = Esfuerzo: bajo
composer-effort-medium = Esfuerzo: medio
composer-effort-high = Esfuerzo: alto
composer-dictate = Dictar
composer-dictate-title = Habla en lugar de escribir (Alt+Shift+U)
composer-compact = Compactar
composer-compact-conversation = Compactar conversación
composer-compact-title = Resumir ahora los mensajes anteriores; se quedan aquí y las solicitudes envían el resumen
composer-context-used =
    { $window ->
        [one] { $used } de { $window } token · { $percent } %
       *[other] { $used } de { $window } tokens · { $percent } %
    }
composer-context-window-used = Ventana de contexto usada
composer-context-full = La próxima solicitud resumirá primero los mensajes anteriores
composer-context-estimated = Tamaño estimado de la próxima solicitud
## Archivos adjuntos
composer-attach-file = Adjuntar un archivo
composer-attach-title = Adjuntar imágenes, PDF, audio o archivos de texto (.md, .txt)
composer-reads-no-pdfs = { $model } no lee PDF ({ $reason }): un PDF se envía como su texto.
composer-reads-no-images = { $model } no lee imágenes ({ $reason }): una imagen se envía como una nota.
composer-reads-no-images-or-pdfs = { $model } no lee imágenes ni PDF ({ $reason }): una imagen se envía como una nota, y un PDF como su texto.
composer-attached-files = Archivos adjuntos
composer-attached-media = Imágenes, PDF y notas de voz adjuntos
composer-remove-file = Quitar { $name }
composer-preparing = Preparando…
composer-media-will-be-sent = Se enviará como { $summary }
composer-transcribing = Transcribiendo…
composer-no-transcript-offered = Sin transcripción: un modelo que no oye audio solo recibe una mención de él.
composer-transcript = Transcripción: { $text }
composer-no-transcript = Sin transcripción.
composer-voice-note-play = Reproducir { $name }
composer-make-transcript = Transcribir
composer-voice-note-ask = Transcribir { $name }
composer-heic-kept = Este navegador no puede convertir fotos HEIC: se conserva tal cual y solo los modelos Gemini pueden leerla.
composer-refused-unknown = No se adjuntó “{ $name }”: Hearth acepta imágenes, PDF, audio y archivos .md o .txt.
composer-refused-not-audio = No se adjuntó “{ $name }”: este navegador no pudo reproducirlo como audio (¿está dañado?).
composer-refused-too-long =
    { $minutes ->
        [one] No se adjuntó “{ $name }”: dura más de { $minutes } minuto (acórtalo o divídelo).
       *[other] No se adjuntó “{ $name }”: dura más de { $minutes } minutos (acórtalo o divídelo).
    }
composer-refused-too-large = No se adjuntó “{ $name }”: pesa más de { $limit } MB.
composer-refused-unreadable = No se adjuntó “{ $name }”: este navegador no pudo leerlo como imagen.
composer-refused-failed = No se adjuntó “{ $name }”: { $detail }.
composer-refused-not-loaded = No se adjuntó “{ $name }”: no se cargó el código de Hearth para los adjuntos (revisa la conexión y vuelve a intentarlo).
composer-failed-stored = no se pudo guardar
composer-failed-hashed = no se pudo calcular su hash
## Adjuntar un archivo del proyecto con @
composer-project-files = Archivos del proyecto
composer-mention-one-match = Coincide 1 archivo del proyecto. Enter o Tab lo adjunta; Escape cierra la lista.
composer-mention-matches =
    { $n ->
        [one] Coincide { $n } archivo del proyecto. Arriba y Abajo eligen, Enter o Tab adjunta, Escape cierra la lista.
       *[other] Coinciden { $n } archivos del proyecto. Arriba y Abajo eligen, Enter o Tab adjunta, Escape cierra la lista.
    }
composer-knowledge-matches = Coinciden { $n } bases de conocimiento y archivos. Arriba y Abajo eligen, Intro o Tab selecciona, Escape cierra la lista.
composer-knowledge-one-match = Coincide 1 base de conocimiento o archivo. Intro o Tab lo elige, Escape cierra la lista.
composer-knowledge-list = Bases de conocimiento y archivos
composer-mention-no-files = Aún no hay archivos del proyecto. Agrega uno con Adjuntar un archivo, soltándolo sobre la conversación o en Herramientas.
composer-mention-no-match = Ningún archivo del proyecto coincide con “{ $query }”.
## Crear una imagen
composer-image = Imagen
composer-create-image = Crear una imagen
composer-image-title = Pedir imágenes de lo que escribas al modelo de imágenes del proveedor
composer-what-to-draw = Qué dibujar
composer-picture-edits = El modelo edita la imagen adjunta en el cuadro de mensaje: { $name }.
composer-picture-how-to-edit = Para editar una imagen, primero adjúntala en el cuadro de mensaje.
composer-image-model = Modelo de imágenes
composer-image-model-hint = Se le pide a la cuenta que responde en esta conversación.
composer-draw-first = Primero escribe qué dibujar.
composer-name-model-first = Primero indica un modelo de imágenes.
composer-picture-not-sent = No se envió nada: todavía se está escribiendo una respuesta aquí, se está preparando un adjunto o esta pestaña ya no puede guardar (consulta el aviso).
composer-create = Crear
composer-picture-size = Tamaño
composer-picture-quality = Calidad
composer-picture-count = Cuántas imágenes
composer-size-automatic = Tamaño: automático
composer-size-square = Cuadrada
composer-size-landscape = Horizontal
composer-size-portrait = Vertical
composer-quality-automatic = Calidad: automática
composer-quality-low = Calidad: baja
composer-quality-medium = Calidad: media
composer-quality-high = Calidad: alta
composer-pictures-1 = 1 imagen
composer-pictures-2 = 2 imágenes
composer-pictures-3 = 3 imágenes
composer-pictures-4 = 4 imágenes
## El panel Comparar
composer-compare-hint = Tu próximo mensaje va a cada columna; las respuestas llegan lado a lado.
composer-compare-add-column = Agregar una columna
composer-compare-blind = A ciegas: ocultar los nombres de los modelos hasta que elija uno
composer-compare-cost-title = Estimado según la longitud de la conversación y los precios publicados
composer-stop-comparing = Dejar de comparar
composer-compare-blind-picks = Elecciones a ciegas en este dispositivo: { $tally }
composer-column-agent = Agente de la columna { $letter }
composer-column-model = Modelo de la columna { $letter }
composer-column-remove = Quitar la columna { $letter }
composer-follows-merged = Tu próximo mensaje continúa desde la respuesta combinada.
composer-follows-blind-answer = Tu próximo mensaje continúa desde la respuesta { $letter }. Elige una con “Continuar con esta”.
composer-follows-answer = Tu próximo mensaje continúa desde la respuesta { $letter } ({ $model }).
sessions-close = Cerrar conversaciones
sessions-new-chat = Nuevo chat
sessions-search-label = Buscar conversaciones
sessions-search-placeholder = Buscar en todos los mensajes
sessions-list = Lista de conversaciones
sessions-show-more = Mostrar más conversaciones
sessions-empty = Tus conversaciones aparecerán aquí. Solo se guardan en este navegador.
sessions-deleted = Se eliminó “{ $title }”
sessions-rename = Cambiar nombre
sessions-pin = Fijar
sessions-unpin = Desfijar
sessions-delete = Eliminar
sessions-actions-for = Acciones de { $title }
sessions-pinned = Fijada
sessions-title-field = Título de la conversación
sessions-replying = Respondiendo
sessions-reply-streaming = Se está recibiendo una respuesta
sessions-searching = Buscando…
sessions-no-match = Ningún mensaje coincide.
sessions-search-results = Resultados de la búsqueda
sessions-other-branch = En otra rama
sessions-search-count =
    { $total ->
        [one] { $total } resultado
       *[other] { $total } resultados
    }
sessions-search-count-newest =
    { $total ->
        [one] Los { $shown } más recientes de { $total } resultado
       *[other] Los { $shown } más recientes de { $total } resultados
    }
sessions-search-count-many = Los { $shown } más recientes de muchos resultados; agrega una palabra para acotar
sessions-search-count-recent = { $shown } encontrados en las conversaciones más recientes; agrega una palabra para acotar

## reply

reply-assistant = Asistente
reply-copy-code = Copiar código
reply-hide-diagram = Ocultar diagrama
reply-show-diagram = Mostrar diagrama
reply-drawing-diagram = Dibujando el diagrama…
reply-diagram-shown = Diagrama mostrado
reply-diagram-failed = No se pudo dibujar este diagrama: { $why }
reply-code-unnamed = código
reply-code = Código
reply-code-named = Código { $language }
reply-load-image = Cargar imagen
reply-load-image-name = Cargar la imagen { $label } de { $host }
reply-load-image-compact = Cargar imagen: { $label } ({ $host })
reply-image-not-loaded = (imagen no cargada)
reply-app-code = Código de la app
reply-source = Fuente { $number }
reply-unlock-keys = Desbloquear tus claves de API
reply-compact-and-retry = Compactar y reintentar
reply-retry-wait = El proveedor pidió esperar: { $secs } s
reply-loading-image = Cargando imagen…
reply-open-image-new-tab = Abrir la imagen en una pestaña nueva
reply-read-aloud = Leer en voz alta
reply-pause = Pausar
reply-picture-being-drawn = La imagen que se está dibujando, sin terminar
reply-drawing = Dibujando…
reply-pictures = Imágenes
reply-picture-alt = Imagen { $number } creada por el modelo
reply-picture-not-shown = Una imagen de tipo { $type }, no mostrada.
reply-picture-open = Abrir la imagen { $number } creada por el modelo
reply-picture-gone = La imagen { $number } ya no está guardada.
reply-sources = Fuentes
reply-saved = Guardado
reply-save-as-file = Guardar como archivo
reply-save-as-file-markdown = Guardar como archivo (Markdown)
reply-still-writing = Aún escribiendo
reply-thinking-for = Pensando… { $secs } s
reply-thought-for = Pensó durante { $secs } s
reply-thinking = Razonamiento
reply-unsupported-parts =
    { $n ->
        [one] Esta respuesta contiene { $n } parte que Hearth aún no puede mostrar.
       *[other] Esta respuesta contiene { $n } partes que Hearth aún no puede mostrar.
    }
reply-show-raw-json = Mostrar el JSON sin procesar
reply-unsupported-parts-list = Partes que Hearth no puede mostrar
reply-google-search-suggestions = Sugerencias de Google Search
reply-provider-tools = Herramientas del proveedor
reply-show-its-json = Mostrar su JSON
reply-server-tool-searching-for = Buscando en la web “{ $query }”…
reply-server-tool-searching = Buscando en la web…
reply-server-tool-search-for-failed = Falló la búsqueda de “{ $query }”
reply-server-tool-search-failed = Falló una búsqueda web
reply-server-tool-searched-for = Buscó en la web “{ $query }”
reply-server-tool-searched = Buscó en la web
reply-server-tool-reading-url = Leyendo { $url }…
reply-server-tool-reading-url-failed = Falló la lectura de { $url }
reply-server-tool-read-url = Leyó { $url }
reply-server-tool-reading-page = Leyendo una página…
reply-server-tool-reading-page-failed = Falló la lectura de una página
reply-server-tool-read-page = Leyó una página
reply-server-tool-drawing = Dibujando una imagen…
reply-server-tool-drawing-failed = Falló el dibujo de una imagen
reply-server-tool-drew = Dibujó una imagen
reply-server-tool-unsupported = no compatible: { $name }
reply-server-tool-failed-why = { $what }: { $why }
reply-server-tool-results =
    { $count ->
        [one] { $text } · { $count } resultado
       *[other] { $text } · { $count } resultados
    }
reply-usage = { $input } de entrada · { $output } de salida
reply-usage-with-reasoning = { $input } de entrada · { $output } de salida · { $reasoning } de razonamiento
reply-regenerate = Regenerar
reply-regenerate-title = Regenerar (responder de nuevo)
reply-tokens = Tokens
reply-versions-of-answer = Versiones de esta respuesta
reply-badge-edited = { $named } · editada
reply-badge-agent-model = Agente · modelo
reply-badge-model = Modelo
reply-chunks-skipped =
    { $n ->
        [one] No se pudo leer un fragmento del flujo y se omitió.
       *[other] No se pudieron leer { $n } fragmentos del flujo y se omitieron.
    }
reply-extra-answers-ignored =
    { $answers ->
        [one] El proveedor envió { $answers } respuesta (n > 1 en la solicitud); solo se muestra la primera.
       *[other] El proveedor envió { $answers } respuestas (n > 1 en la solicitud); solo se muestra la primera.
    }
reply-stopped = Detenida
reply-interrupted = Interrumpida: la página se cerró o se recargó mientras llegaba esta respuesta.
reply-incomplete-title = Puede que la respuesta esté incompleta
reply-incomplete-detail = El flujo terminó antes de que el modelo indicara que había acabado. Lo que llegó se conserva; Regenerar vuelve a preguntar.
reply-token-limit-title = La respuesta alcanzó el límite de tokens
reply-token-limit-detail = Aumenta Máximo de tokens en Proveedores o pide al modelo que continúe.
reply-safety-filter-title = El filtro de seguridad del proveedor detuvo la respuesta
reply-safety-filter-detail = El modelo se negó, o el filtro de contenido del proveedor bloqueó el prompt o la respuesta.
reply-ended-early-title = El proveedor terminó la respuesta antes de tiempo
reply-regenerate-asks-again = Regenerar vuelve a preguntar.
chat-state-branch-not-stored = No se pudo guardar la conversación nueva.
chat-state-wait-reply-ended = Espera a que termine la respuesta.
chat-state-no-other-version = Este mensaje no tiene otra versión: no se eliminó nada.
chat-state-no-other-branch = Esta conversación no tiene otra rama: no se eliminó nada.
chat-state-empty-answer = Una respuesta no puede estar vacía: escribe algo o presiona Cancelar.
chat-state-delete-version-confirm =
    { $count ->
        [one] ¿Eliminar esta versión y todo lo que hay debajo ({ $count } mensaje)? Puedes deshacerlo durante unos segundos.
       *[other] ¿Eliminar esta versión y todo lo que hay debajo ({ $count } mensajes)? Puedes deshacerlo durante unos segundos.
    }
chat-state-keep-path-confirm =
    { $count ->
        [one] ¿Eliminar todas las ramas salvo la mostrada ({ $count } mensaje)? Puedes deshacerlo durante unos segundos.
       *[other] ¿Eliminar todas las ramas salvo la mostrada ({ $count } mensajes)? Puedes deshacerlo durante unos segundos.
    }
chat-state-messages-deleted =
    { $count ->
        [one] Se eliminó { $count } mensaje
       *[other] Se eliminaron { $count } mensajes
    }
chat-state-merge-wait-columns = Espera a que terminen todas las columnas.
chat-state-merge-too-few = Para combinar se necesitan al menos dos respuestas.
chat-state-merge-no-instruction = Escribe qué debe hacer la combinación.
chat-state-attachment-preparing = Todavía se está preparando un adjunto: envía cuando aparezca como listo.
chat-state-summary-no-provider = no hay ningún proveedor configurado
chat-state-summary-empty = el modelo no escribió ningún resumen
chat-state-summary-stopped = se detuvo
chat-state-summary-gone = la conversación ya no existe
chat-state-summary-too-short = los mensajes anteriores son más cortos que cualquier resumen de ellos
chat-state-summarising = Resumiendo los mensajes anteriores…
chat-state-summarised =
    { $count ->
        [one] Mensajes anteriores resumidos ({ $count } mensaje). Se quedan aquí; solo las solicitudes envían el resumen.
       *[other] Mensajes anteriores resumidos ({ $count } mensajes). Se quedan aquí; solo las solicitudes envían el resumen.
    }
chat-state-nothing-to-summarise = Aún no hay nada que resumir: el primer mensaje y los últimos turnos siempre se envían tal cual.
chat-state-summary-removed = Resumen quitado: las solicitudes vuelven a enviar los mensajes anteriores.
chat-state-first-message-too-long =
    { $estimate ->
        [one] Solo el primer mensaje ya es demasiado largo para la ventana de contexto de este modelo (aprox. { $estimate } token de { $window }), así que resumir los mensajes anteriores no sirve. Acórtalo o elige un modelo con una ventana más grande.
       *[other] Solo el primer mensaje ya es demasiado largo para la ventana de contexto de este modelo (aprox. { $estimate } tokens de { $window }), así que resumir los mensajes anteriores no sirve. Acórtalo o elige un modelo con una ventana más grande.
    }
chat-state-last-message-too-long =
    { $estimate ->
        [one] Solo el último mensaje ya es demasiado largo para la ventana de contexto de este modelo (aprox. { $estimate } token de { $window }), así que resumir los mensajes anteriores no sirve. Acórtalo o elige un modelo con una ventana más grande.
       *[other] Solo el último mensaje ya es demasiado largo para la ventana de contexto de este modelo (aprox. { $estimate } tokens de { $window }), así que resumir los mensajes anteriores no sirve. Acórtalo o elige un modelo con una ventana más grande.
    }
chat-state-summary-failed-sent = No se pudieron resumir los mensajes anteriores: { $why }. La conversación se envió completa.
chat-state-summary-failed-unchanged = No se pudieron resumir los mensajes anteriores: { $why }. No se cambió nada.
chat-state-provider-error-http = { $title } (HTTP { $status })

## providers

## El diálogo Proveedores
providers-dialog-heading = Proveedores
providers-dialog-hint = Hearth se comunica con cada proveedor directamente desde este navegador. Las claves se guardan solo aquí y solo se envían a su proveedor.
providers-your-providers = Tus proveedores
providers-add-heading = Agregar un proveedor
providers-new-type = Tipo del nuevo proveedor
providers-add = Agregar proveedor
## El formulario del proveedor
providers-settings = Configuración del proveedor
providers-type = Tipo
providers-name = Nombre
providers-base-url = URL base
providers-api-version = Versión de la API
providers-thinking = Razonamiento (pensar antes de responder)
providers-extra-json = JSON adicional
providers-extra-json-hint = El JSON adicional se combina al final con el cuerpo de cada solicitud, así que puede definir o reemplazar cualquier campo.
providers-key-removed = Se quitó la clave porque la URL base ahora apunta a otra dirección. Escribe la clave para la nueva dirección.
providers-api = API
providers-api-automatic = Automática (Responses donde el modelo lo necesite)
providers-api-key = Clave de API
providers-key-locked = Bloqueada
providers-key-required = Obligatoria
providers-key-optional = Opcional para servidores locales
providers-testing = Probando la conexión…
providers-test-connection = Probar conexión
providers-in-use = En uso
providers-use = Usar este proveedor
providers-delete = Eliminar proveedor
providers-delete-confirm = ¿Eliminar el proveedor “{ $name }” y su clave?
providers-model-deployment = Modelo (nombre de la implementación)
providers-available-models = Modelos disponibles
providers-pick-model = Elige un modelo…
providers-default = Predeterminado
providers-temperature = Temperatura
providers-max-tokens = Máximo de tokens
providers-top-p = Top-p
providers-context-window = Ventana de contexto (tokens)
providers-context-window-hint =
    { $tokens ->
        [one] Vacío: { $tokens } token, el valor predeterminado de este modelo. Las conversaciones largas se compactan antes de llenarla.
       *[other] Vacío: { $tokens } tokens, el valor predeterminado de este modelo. Las conversaciones largas se compactan antes de llenarla.
    }
providers-number-out-of-range = { $label } debe ser un número entre 0 y { $max }, o quedar vacío para usar el valor predeterminado.
providers-number-not-count = { $label } debe ser un número entero mayor que 0, o quedar vacío para usar el valor predeterminado.
providers-number-context-window = Ventana de contexto: { $problem }
## Lo que lee el modelo
providers-reads-besides-text = Lee además de texto
providers-reads-as-known = Según lo conocido
providers-reads-everything = Imágenes, PDF y audio
providers-reads-images-pdfs = Imágenes y PDF
providers-reads-images = Imágenes
providers-reads-pdfs = PDF
providers-reads-images-audio = Imágenes y audio
providers-reads-audio = Audio
providers-reads-text-only = Solo texto
providers-this-model = Este modelo
providers-model-reads = { $model } lee { $reads }, { $reason }.
## El selector de modelo de la barra superior
providers-model-picker-title = El modelo que responde, para los agentes sin modelo propio (el de un agente se elige en Agentes)
## Cuentas de proveedor y Probar conexión
providers-no-model-set = sin modelo definido
providers-test-fix-extra-json = Primero corrige el JSON adicional: { $error }
providers-test-no-model = Primero define el modelo: este proveedor no tiene lista de modelos, así que la prueba le pide al modelo una respuesta de una palabra.
providers-test-stopped = Se detuvo la prueba.
providers-test-answered = Conectado: el modelo respondió.
providers-test-no-models = Conectado. El proveedor no muestra modelos; escribe el ID del modelo.
providers-test-models-available =
    { $n ->
        [one] Conectado. { $n } modelo disponible.
       *[other] Conectado. { $n } modelos disponibles.
    }
providers-test-model-list-unreadable = Conectado, pero no se pudo leer la lista de modelos: { $error }
## Estado de guardado
providers-saving = Guardando…
providers-not-saved = No se guardó: { $problem }
providers-storage-not-open = el almacenamiento no está abierto.
## El bloqueo de las claves de API
providers-lock-wrong-passphrase = Esa frase de contraseña no es correcta. No se cambió nada; vuelve a intentarlo.
providers-lock-enter-passphrase = Escribe una frase de contraseña.
providers-lock-passphrase-too-short =
    { $min ->
        [one] Usa una frase de contraseña de al menos { $min } carácter. No se cambió nada.
       *[other] Usa una frase de contraseña de al menos { $min } caracteres. No se cambió nada.
    }
providers-lock-unlock-first = Primero desbloquea tus claves de API.
providers-lock-damaged = No se puede abrir el bloqueo de las claves: { $error }. Usa “¿Olvidaste la frase de contraseña?” para quitarlo.
providers-lock-server-unopened = Los valores de encabezado y el inicio de sesión del servidor MCP “{ $name }” no se abren con esta frase de contraseña. No se cambió nada.
providers-lock-crypto-failed = { $error } No se cambió nada.
providers-lock-storage-failed = No se cambió nada: { $error }
providers-forget-question = ¿Quitar las claves de API bloqueadas y el bloqueo con frase de contraseña? Se eliminan de este navegador la clave de API de cada proveedor y los valores de encabezado, el secreto de cliente y el inicio de sesión de cada servidor MCP: tendrás que volver a escribirlos en Proveedores y Herramientas. Las conversaciones, los agentes, las herramientas y el resto de la configuración de los proveedores se conservan.
providers-unlock-hint = Tus claves de API están bloqueadas con una frase de contraseña. Escríbela para usarlas mientras Hearth esté abierto.
providers-passphrase = Frase de contraseña
providers-unlocking = Desbloqueando…
providers-unlock = Desbloquear
providers-not-now = Ahora no
providers-forgot-passphrase = ¿Olvidaste la frase de contraseña?
providers-lock-passphrases-differ = Las dos frases de contraseña no coinciden. Escribe la misma dos veces.
providers-lock-working = Procesando…
providers-lock-removed = Bloqueo quitado. Las claves de API se guardan sin cifrar.
providers-lock-passphrase-changed = Frase de contraseña cambiada.
providers-lock-set = Claves de API bloqueadas con tu frase de contraseña.
providers-lock-forgotten = Se quitaron las claves de API bloqueadas (y los secretos de los servidores MCP) y el bloqueo.
providers-lock-state-off = Las claves de API se guardan sin cifrar en este navegador.
providers-lock-state-locked = Las claves de API están protegidas con una frase de contraseña y ahora están bloqueadas.
providers-lock-state-unlocked = Las claves de API están protegidas con una frase de contraseña y desbloqueadas mientras haya una pestaña de Hearth abierta.
providers-lock-state-damaged = No se puede abrir el bloqueo de las claves. Usa “¿Olvidaste la frase de contraseña?” para quitarlo.
providers-lock-heading = Bloqueo de las claves de API
providers-lock-hint = Una frase de contraseña cifra las claves de API guardadas (AES-GCM, PBKDF2-SHA-256, 600 000 iteraciones). Las protege en reposo: en una copia del perfil del navegador o en un equipo compartido. No las protege del código que se ejecuta en esta página ni mientras una pestaña de Hearth está desbloqueada. La clave desbloqueada solo se guarda en la memoria de las pestañas de Hearth abiertas: Hearth vuelve a pedirla cuando no queda ninguna abierta.
providers-lock-with-passphrase = Bloquear las claves de API con una frase de contraseña
providers-change-passphrase = Cambiar frase de contraseña
providers-remove-lock = Quitar el bloqueo
providers-unlock-keys = Desbloquear claves de API
providers-current-passphrase = Frase de contraseña actual
providers-new-passphrase = Nueva frase de contraseña
providers-confirm-passphrase = Confirmar frase de contraseña
providers-lock-keys = Bloquear claves de API
## El indicador Sin conexión
offline-connection = Conexión
offline-badge = Sin conexión
offline-back-online = De nuevo en línea
offline-description = Tus conversaciones, la búsqueda y las herramientas que no necesitan red funcionan sin conexión; para enviar hace falta conexión, salvo que el proveedor se ejecute en este equipo.
## Una pestaña cuyo almacenamiento se cerró
offline-storage-closed = Se cerró el almacenamiento de Hearth
offline-out-of-date = Esta pestaña está desactualizada
offline-storage-closed-text = El navegador cerró el almacenamiento de Hearth (puede que se hayan borrado sus datos), así que esta pestaña ya no puede guardar nada. Lo que ves se queda aquí hasta que recargues.
offline-out-of-date-text = Hearth se actualizó en otra pestaña y la nueva versión tomó el control de su almacenamiento. Esta pestaña ya no guarda nada, para que nunca escriban dos versiones a la vez. Lo que ves se queda aquí hasta que recargues.
offline-reload-hearth = Recargar Hearth
offline-keep-reading = Seguir leyendo sin guardar
## El aviso de almacenamiento
offline-dismiss = Descartar
offline-storage-upgrading = Actualizando el almacenamiento de Hearth para esta versión. Con muchas conversaciones tarda unos segundos, una sola vez.
## El aviso de actualización
offline-reload-waits-for-reply = Se recargará cuando termine la respuesta…
offline-reload-waits-for-other-tab = Se recargará cuando termine la respuesta en otra pestaña…
offline-reload-waits-for-message = Tu mensaje aún no se envió: envíalo o bórralo y Hearth se recargará, o descártalo y recarga ahora.
offline-reload-waits-for-editor = Hay cambios sin guardar en { $editor }: guárdalos o cancélalos y Hearth se recargará, o descártalos y recarga ahora.
offline-reloading = Recargando…
offline-new-version-ready = Hay una nueva versión de Hearth lista.
offline-updated-elsewhere = Hearth se actualizó en otra pestaña.
offline-updates-region = Actualizaciones de Hearth
offline-reload-new-version = Recargar para usar la nueva versión
offline-discard-and-reload = Descartar y recargar
offline-cancel-reload = Cancelar la recarga
offline-later = Más tarde

## agents

agents-intro = Un agente es un asistente con sus propias instrucciones, modelo y herramientas. Las conversaciones nuevas empiezan con el último con el que chateaste.
agents-list-label = Tus agentes
agents-new-agent = Nuevo agente
## El menú de agentes de la barra superior
agents-picker-title = El agente de esta conversación
agents-picker-label = Agente:
agents-picker-wait = Para cambiar de agente hay que esperar a que termine la respuesta
agents-switched-to = Se cambió a { $name }
## Un agente en la lista del diálogo Agentes
agents-default-model = Modelo predeterminado
agents-default-model-removed = Modelo predeterminado (se quitó su cuenta)
agents-chat = Chat
agents-kind-app = App (sin herramientas)
agents-reset = Restablecer
agents-duplicate = Duplicar
agents-reset-agent = Restablecer { $name } a sus valores predeterminados
agents-delete-agent = Eliminar { $name }
agents-chat-with-agent = Chatear con { $name }
agents-edit-agent = Editar { $name }
agents-duplicate-agent = Duplicar { $name }
agents-made-copy = Se creó { $name }.
agents-delete-confirm = ¿Eliminar el agente “{ $name }”? Las conversaciones que lo usaban conservan su nombre en sus respuestas y continúan con el Asistente general.
agents-deleted = Se eliminó { $name }.
agents-reset-confirm = ¿Restablecer { $name } a sus valores predeterminados? Su prompt, su modelo y sus herramientas vuelven a como estaban al principio.
agents-reset-done = { $name } volvió a sus valores predeterminados.
agents-general-name = Asistente general
agents-app-builder-name = Creador de apps
agents-app-builder-description = Crea pequeñas apps web que se ejecutan en una vista previa junto a la conversación.
## El editor de agentes
agents-editor-name = el editor de agentes
agents-short-description = Descripción breve
agents-system-prompt-template = Plantilla del prompt del sistema
agents-template-hint = Marcadores: { $placeholders } y tus secciones por su nombre. { $open } y { $close } son llaves literales.
agents-unknown-placeholder = Marcador desconocido { $placeholder }: se envía tal como está escrito
agents-save-agent = Guardar agente
agents-reset-to-default = Restablecer valores predeterminados
agents-kind-chat-hint = Chat: puede llamar a herramientas
agents-kind-app-hint = App: no recibe herramientas
agents-removed-account = Cuenta quitada (responde el modelo predeterminado)
agents-beyond-text = Más allá del texto
agents-web-search = Buscar en la web de forma predeterminada (la búsqueda propia del proveedor, con fuentes)
agents-search-sites = Solo estos sitios (búsqueda)
agents-effort-default = El predeterminado del proveedor
agents-effort-low = Bajo
agents-effort-medium = Medio
agents-effort-high = Alto
agents-make-images = Crear imágenes (el modelo puede responder con imágenes)
agents-app-no-tools = Un agente de tipo app no recibe herramientas: no se le ofrece ninguna a su modelo.
agents-tool-rounds = Máximo de rondas de herramientas por respuesta
agents-voice = Voz
agents-auto-read = Leer las respuestas en voz alta al terminar
agents-its-voice = Su voz
agents-voice-placeholder = Como en Configuración → Voz (una voz del proveedor, como alloy, o el nombre de una voz del navegador)
agents-problem-no-name = Ponle un nombre al agente.
agents-problem-section-names = Corrige los nombres de sección marcados arriba.
agents-problem-rounds = Escribe un número entero de rondas de herramientas entre 1 y 100.
agents-conflict-deleted = Este agente se cambió en otro lugar desde que lo abriste: se eliminó. Guarda el tuyo para conservarlo, o descártalo.
agents-conflict-changed = Este agente se cambió en otro lugar desde que lo abriste. Guarda el tuyo encima o descarta el tuyo.
agents-save-mine-anyway = Guardar el mío de todos modos
agents-discard-mine = Descartar el mío
## Las secciones propias del prompt
agents-your-sections = Tus secciones
agents-sections-hint = Cada sección rellena el marcador de su nombre: escribe { $placeholder } en la plantilla donde va su texto. Si se envuelve en { $tags }, una sección vacía se omite junto con sus etiquetas.
agents-unnamed = (sin nombre)
agents-section-legend = Sección { $name }
agents-section-name = Nombre de la sección
agents-section-text = Texto de la sección
agents-remove-section = Quitar sección
agents-remove-section-named = Quitar la sección { $name }
agents-add-section = Agregar sección
## La vista previa del prompt
agents-preview = Vista previa
agents-preview-intro = El prompt del sistema con los valores de hoy, tal como lo envía la próxima solicitud:
agents-preview-size =
    { $chars ->
        [one] { $chars } carácter
       *[other] { $chars } caracteres
    } · unos { $tokens } tokens
agents-no-system-message = No se envía ningún mensaje del sistema.
agents-unknown-placeholder-title = Marcador desconocido: se envía tal como está escrito
## Las herramientas del agente
agents-builtin-tools = Herramientas integradas
agents-your-tools = Tus herramientas
agents-no-user-tools = Aún no hay ninguna: se crean en el diálogo Herramientas.
agents-imported-tool = Importada: permítela en el diálogo Herramientas tras revisar su código para que un agente pueda llamarla.
agents-ask-before-running = Preguntar antes de ejecutar
agents-ask-before-running-tool = Preguntar antes de ejecutar { $tool }
agents-mcp-server-tools = Herramientas del servidor MCP { $server }
agents-mcp-server-off = Sus herramientas no se ofrecen: el servidor está desactivado en el diálogo Herramientas.
agents-mcp-no-tools = Aún no hay herramientas en la lista: usa Comprobar en el diálogo Herramientas.
agents-mcp-tools-cost =
    { $count ->
        [one] { $count } herramienta elegida: unos { $tokens } tokens en cada solicitud.
       *[other] { $count } herramientas elegidas: unos { $tokens } tokens en cada solicitud.
    }
agents-mcp-tools-cost-heavy =
    { $count ->
        [one] { $count } herramienta elegida: unos { $tokens } tokens en cada solicitud, más de una décima parte de la ventana de contexto de { $window } tokens del modelo. Elige menos para dejar espacio a la conversación.
       *[other] { $count } herramientas elegidas: unos { $tokens } tokens en cada solicitud, más de una décima parte de la ventana de contexto de { $window } tokens del modelo. Elige menos para dejar espacio a la conversación.
    }
## Atajos de teclado
shortcuts-heading = Atajos de teclado
shortcuts-hint = En un Mac, Alt es la tecla Opción. Las teclas también funcionan en el cuadro de mensaje, salvo ? (escríbelo fuera de los campos de texto).
shortcuts-action = Acción
shortcuts-keys = Teclas
shortcuts-question-mark = Abre esta lista con ? (una sola tecla; Ctrl+/ funciona siempre)
shortcuts-focus-composer = Ir al cuadro de mensaje
shortcuts-stop = Detener la respuesta
shortcuts-regenerate = Regenerar la última respuesta
shortcuts-copy-last = Copiar la última respuesta
shortcuts-toggle-sidebar = Mostrar u ocultar las conversaciones
shortcuts-open-settings = Abrir Configuración
shortcuts-dictate = Dictar o dejar de dictar
shortcuts-show-help = Mostrar estos atajos
shortcuts-help-keys = ? o Ctrl+/
shortcuts-send = Enviar el mensaje
shortcuts-new-line = Empezar una línea nueva
shortcuts-attach-file = Adjuntar un archivo del proyecto (en el cuadro de mensaje)
shortcuts-no-reply = No se está escribiendo ninguna respuesta
shortcuts-wait-reply = Espera a que termine la respuesta
shortcuts-nothing-to-regenerate = No hay ninguna respuesta que regenerar
shortcuts-copied = Se copió la última respuesta
shortcuts-copy-denied = El navegador no permitió copiar
shortcuts-nothing-to-copy = Aún no hay ninguna respuesta que copiar

## tools

## Archivos del proyecto, en el diálogo Herramientas
tools-project-files-added =
    { $n ->
        [one] Se agregó { $n } archivo.
       *[other] Se agregaron { $n } archivos.
    }
tools-project-files-hint = Archivos de texto que puede leer la herramienta “Read a project file”. Se quedan en este navegador.
tools-project-file-characters =
    { $count ->
        [one] { $count } carácter
       *[other] { $count } caracteres
    }
tools-project-file-remove = Quitar { $name }
tools-remove = Quitar
tools-add-project-files = Agregar archivos del proyecto (.md, .txt)
## Guardar herramientas y archivos del proyecto
tools-save-failed = No se pudo guardar la herramienta: { $error }
tools-file-not-text = No se agregó { $name }: solo los archivos .md y .txt (también .markdown) pueden ser archivos del proyecto.
tools-file-too-long =
    { $limit ->
        [one] No se agregó { $name }: supera el límite de { $limit } carácter.
       *[other] No se agregó { $name }: supera el límite de { $limit } caracteres.
    }
tools-file-binary = No se agregó { $name }: no es un archivo de texto (contiene bytes que no son texto UTF-8).
tools-file-exists = Ya existe un archivo del proyecto llamado { $name } con otro contenido. Cambia el nombre del archivo o quita primero el archivo del proyecto en Herramientas.
tools-file-unreadable = No se agregó { $name }: el navegador no pudo leerlo.
## El widget de herramientas de una respuesta
tools-switched-off = El modelo llamó a { $tool }, que está desactivada para { $agent }, así que no se ejecutó.
tools-switched-on = { $tool } ya está activada para { $agent }. Regenera la respuesta o vuelve a enviar para usarla.
tools-waiting-for-your-approval = Esperando tu aprobación
tools-running = Ejecutando { $tool }…
tools-thinking = Pensando…
tools-used =
    { $n ->
        [one] Usó { $n } herramienta
       *[other] Usó { $n } herramientas
    }
tools-switch-on = Activar { $tool } para este agente
tools-tool-calls = Llamadas a herramientas
tools-no-tool-used = Aún no se usó ninguna herramienta.
## Recursos enlazados por el resultado de una llamada
tools-link-read = Leer { $name }
tools-link-reading = Leyendo { $uri }…
tools-link-attached = { $uri } está adjunto a tu próximo mensaje.
tools-link-unreadable = No se pudo leer { $uri }: { $error }
tools-link-read-title = Leerlo desde su servidor y adjuntar su texto a tu próximo mensaje
tools-links-heading = Recursos que enlaza
## Una llamada a herramienta que espera aprobación
tools-approval-question-mcp = El asistente quiere ejecutar { $tool } del servidor MCP { $server } con estos argumentos:
tools-approval-question-fetch = El asistente quiere ejecutar { $tool } para obtener esta URL:
tools-approval-question = El asistente quiere ejecutar { $tool } con estos argumentos:
tools-approval-always-allow = Permitir siempre { $tool } para este agente
tools-approval-label = Aprobar la llamada a { $tool }
tools-allow = Permitir
tools-deny = Denegar
tools-waiting-for-your-answer = Esperando tu respuesta
tools-ask-heading = El servidor MCP { $server } te pregunta
tools-ask-send = Enviar respuesta
tools-ask-decline = Rechazar
tools-ask-fix = Algunas respuestas deben cambiarse antes de enviarse.
tools-ask-none = (ninguna)
tools-ask-site = Sitio
tools-ask-whole-address = Dirección completa
tools-ask-open = Abrir { $host }
tools-ask-punycode = Esta dirección está escrita en Punycode: puede imitar un sitio que conoces. Mírala con atención antes de abrirla.
tools-ask-required = Este campo es obligatorio.
tools-ask-too-short = Escribe al menos { $n } caracteres.
tools-ask-too-long = Escribe como máximo { $n } caracteres.
tools-ask-pattern = No tiene la forma que pide el servidor.
tools-ask-email = Escribe una dirección de correo, como name@example.com.
tools-ask-uri = Escribe una dirección completa, como https://example.com.
tools-ask-date = Escribe una fecha, como 2026-01-31.
tools-ask-date-time = Escribe una fecha y hora, como 2026-01-31T09:30:00Z.
tools-ask-number = Escribe un número.
tools-ask-whole = Escribe un número entero.
tools-ask-below = Escribe { $n } o más.
tools-ask-above = Escribe { $n } o menos.
tools-ask-option = Elige una de las opciones.
tools-ask-too-few = Elige al menos { $n }.
tools-ask-too-many = Elige como máximo { $n }.
## El editor de herramientas
tools-tool-deleted = Esta herramienta se eliminó.
tools-editor-name = el editor de herramientas
tools-saved-not-offered = Guardada, pero no se ofrecerá al modelo hasta que se corrija: { $error }
tools-editor = Editor de herramientas
tools-description = Descripción
tools-description-placeholder = Cuenta las palabras de un texto.
tools-parameters = Parámetros (JSON Schema)
tools-javascript = JavaScript (el cuerpo de una función async de args)
tools-uses-network = Usa la red
tools-uses-network-hint = Permite que el código acceda a internet. Entonces sus llamadas preguntan antes de ejecutarse, salvo que las permitas. Sin esta opción, el código no tiene acceso a la red.
tools-save-tool = Guardar herramienta
tools-delete-tool = Eliminar herramienta
tools-intro = Tus propias herramientas, y los archivos del proyecto que lee la herramienta “Read a project file”, se comparten entre todos los agentes. Las herramientas se ejecutan en este navegador; el JavaScript se ejecuta en un entorno aislado sin acceso a los datos de Hearth. Qué herramientas puede llamar un agente, y cuáles preguntan antes de ejecutarse, se define en el agente.
tools-open-agents = Abrir Agentes
tools-none-yet = Aún no hay ninguna. Una herramienta es un nombre, una descripción, un esquema JSON de sus argumentos y código JavaScript que los recibe como args.
tools-allow-imported = Permitir la herramienta importada { $tool }
tools-edit-tool = Editar { $tool }
tools-imported-note = Importada: no se ofrece al modelo hasta que revises su código (Editar) y la permitas.
tools-new-tool = Nueva herramienta
## Una llamada en el widget
tools-status-waiting = Esperando aprobación
tools-status-running = Ejecutando…
tools-status-not-run = No ejecutada
tools-error = Error
tools-status-done = Hecho
tools-call-progress = Progreso de { $tool }
tools-result = Resultado
tools-call-copy = Copiar la llamada a { $tool }
tools-arguments = Argumentos
tools-call-duration-ms = { $ms } ms
tools-call-duration-seconds = { $seconds } s
## Imágenes y sonidos que devolvió una herramienta
tools-media-image-not-shown = Una imagen de tipo { $mime }, no mostrada.
tools-media-file-not-shown = Un archivo de tipo { $mime }, no mostrado.
tools-media-image-label = Imagen { $number } devuelta por { $tool }
tools-media-sound-label = Sonido { $number } devuelto por { $tool }
tools-media-image-gone = La imagen ya no está guardada.
tools-media-sound-gone = El sonido ya no está guardado.
## Dictado, bajo el cuadro de mensaje
voice-asking-for-microphone = Solicitando el micrófono…
voice-listening = Escuchando (reconocimiento del navegador). Detén o haz una pausa al hablar para poner las palabras en el cuadro de mensaje.
voice-recording = Grabando. Detén o haz una pausa al hablar para poner las palabras en el cuadro de mensaje.
voice-transcribing = Convirtiendo la voz en texto…
voice-not-loaded-retry = No se pudo cargar la voz (¿se cortó la conexión?); presiona el botón del micrófono para volver a intentarlo.
voice-heard = Se oyó: { $words }
voice-microphone-level = Nivel del micrófono
voice-time-recorded = Tiempo grabado
voice-keep-as-note = Conservar como nota de voz
voice-try-again = Volver a intentar
## Carga del código de voz
voice-note-not-loaded = Sin transcripción: no se pudo cargar la voz ({ $error }).
voice-not-loaded = No se pudo cargar la voz: { $error }
## Una conversación de voz en tiempo real
voice-talk-connecting = Conectando con { $name }…
voice-talk-answering = { $name } está respondiendo. Habla para interrumpir.
voice-talk-hands-free = Hablando con { $name }: habla cuando quieras.
voice-talk-hold = Hablando con { $name }: mantén presionado “Mantener para hablar” mientras hablas.
voice-talk-you = Tú: { $words }
voice-hands-free = Manos libres
voice-hold-to-talk = Mantener para hablar
voice-end-talk = Terminar conversación de voz
## Por qué no pudo empezar o terminó una conversación de voz
voice-talk-microphone-gone = El micrófono dejó de estar disponible (se desconectó o se retiró su permiso); lo dicho se conserva.
voice-talk-choose-model = Primero elige un modelo para esta conversación: Hablar usa su cuenta.
voice-talk-keys-locked = Las claves de API están bloqueadas; desbloquéalas para hablar.
voice-talk-unsupported-account = Hablar funciona con una cuenta de Gemini (su Live API) o de OpenAI (su Realtime API); { $name } no es ninguna de ellas. Cambia esta conversación a uno de sus modelos para hablar.
voice-talk-gemini-refused = Este navegador se negó a conectarse a la Live API de Gemini.
voice-talk-no-secret = La respuesta de OpenAI no incluía un secreto de sesión; vuelve a intentarlo en un momento.
voice-talk-call-lost = Se perdió la llamada con OpenAI (la red, u OpenAI la terminó); lo dicho se conserva.
voice-talk-call-refused = Este navegador no pudo hacer la llamada ({ $error }); vuelve a intentarlo o habla desde otro navegador.
voice-talk-answer-unusable = La respuesta de OpenAI a la llamada no se pudo usar ({ $error }); vuelve a intentarlo en un momento.
voice-talk-no-realtime = Esta cuenta no ofrece Realtime API (respondió: { $answer }). Hablar funciona con OpenAI directamente y con Gemini.
voice-talk-call-refused-by-openai = OpenAI rechazó la llamada: { $answer }
## Lectura en voz alta y transcripción
voice-stopped = Se detuvo.
voice-no-answer-minute = No llegó ninguna respuesta en un minuto.
voice-no-answer-three-minutes = No llegó ninguna respuesta en tres minutos.
## Transcripciones de notas de voz
voice-note-browser-recognition = Sin transcripción: el reconocimiento propio del navegador solo oye el micrófono. Para transcribir notas de voz, elige una cuenta para el dictado en Configuración → Voz.
voice-note-no-account = Sin transcripción: elige una cuenta para el dictado en Configuración → Voz para transcribir las notas de voz.
voice-note-no-transcript = Sin transcripción: { $why }
voice-note-nothing-heard = Sin transcripción: no se oyó ninguna palabra.
voice-note-stopped = Sin transcripción: se detuvo.
## Problemas con el dictado o la lectura en voz alta
voice-settings-unreadable = No se pudo leer la configuración de voz: { $error }
voice-no-dictation-account = Elige quién convierte tu voz en texto en Configuración → Voz; no se grabó nada.
voice-no-reading-account = Elige la cuenta que lee en voz alta en Configuración → Voz.
voice-dictation-account-gone = La cuenta elegida para el dictado ya no existe; elige otra en Configuración → Voz.
voice-reading-account-gone = La cuenta elegida para leer en voz alta ya no existe; elige otra en Configuración → Voz.
voice-keys-locked-dictation = Las claves de API están bloqueadas; desbloquéalas para dictar.
voice-keys-locked-reading = Las claves de API están bloqueadas; desbloquéalas para leer en voz alta.
voice-no-device-model = El navegador no pudo obtener su modelo de voz para { $language } para reconocer la voz en este dispositivo (lo descarga de su fabricante la primera vez). No se grabó nada; elige una cuenta en Configuración → Voz o vuelve a intentarlo con conexión.
voice-microphone-gone = El micrófono dejó de estar disponible; lo grabado hasta entonces está en el cuadro de mensaje.
voice-nothing-heard = No se oyó nada en la grabación.
voice-not-kept = No se pudo conservar la grabación como nota de voz (este navegador no pudo guardarla).
voice-not-transcribed = No se pudo convertir la grabación en texto: { $why } Se conserva: Volver a intentar la envía de nuevo.
voice-cancelled = Se detuvo antes de que llegaran las palabras. La grabación se conserva: Volver a intentar la envía de nuevo.
voice-nothing-to-read = Esta respuesta no tiene nada que leer en voz alta (solo código, fórmulas o imágenes).
voice-no-browser-voice = Este navegador no tiene voces propias; elige la voz del proveedor en Configuración → Voz.
voice-browser-would-not-speak = El navegador se negó a hablar.
voice-not-spoken = No se pudo leer la respuesta en voz alta: { $why }
voice-getting-device-model = Obteniendo el modelo de voz del navegador para { $language }…

## mcp

## Servidores MCP en el diálogo Herramientas
mcp-servers = Servidores MCP
mcp-servers-hint = Herramientas de servidores que hablan el Model Context Protocol por HTTP. Este navegador se conecta a ellos directamente, así que un servidor debe permitir el origen de esta página (CORS). Un agente ofrece sus herramientas cuando las eliges en el agente, y cada llamada pregunta primero hasta que la permitas.
mcp-servers-none = Aún no hay ninguno.
mcp-status-sealed-elsewhere = Sus valores de encabezado y su inicio de sesión sellados no se abren con esta frase de contraseña. Quita el servidor y vuelve a agregarlo.
mcp-status-not-reached = No se ha contactado desde que se cargó la página. Comprobar establece la conexión.
mcp-status-connecting = Conectando…
mcp-status-failed = Error: { $error }
mcp-status-signing-in = Iniciando sesión: termina en la ventana que se abrió.
mcp-offer-tools-of = Ofrecer las herramientas de { $server }
mcp-offer-its-tools = Ofrecer sus herramientas
mcp-unlock-to-use = Desbloquear para usar { $server }
mcp-check-server = Comprobar { $server }
mcp-check = Comprobar
mcp-sign-in-again-to = Volver a iniciar sesión en { $server }
mcp-sign-in-to = Iniciar sesión en { $server }
mcp-sign-in-again = Volver a iniciar sesión
mcp-sign-in = Iniciar sesión
mcp-sign-out-of = Cerrar sesión en { $server }
mcp-sign-out = Cerrar sesión
mcp-remove-server = Quitar { $server }
mcp-tool-count =
    { $count ->
        [one] { $count } herramienta
       *[other] { $count } herramientas
    }
mcp-tools-tokens =
    { $tokens ->
        [one] En conjunto agregan unos { $tokens } token a cada solicitud de un agente que las ofrezca.
       *[other] En conjunto agregan unos { $tokens } tokens a cada solicitud de un agente que las ofrezca.
    }
mcp-copy-headers = Copiar los encabezados que necesita { $server }
mcp-doctor-advice = Qué hacer con { $server }
mcp-server-not-saved = No se pudo guardar el servidor MCP: { $error }
mcp-server-stored-sealed = su valor de encabezado o su inicio de sesión solo se guarda sellado: primero desbloquea tus claves de API
## El formulario para agregar un servidor MCP
mcp-enter-address = Escribe la dirección del servidor.
mcp-enter-http-address = Escribe una dirección http:// o https://, como https://example.com/mcp.
mcp-header-value-locked = Primero desbloquea tus claves de API: con el bloqueo de claves activado, un valor de encabezado solo se guarda sellado con ellas.
mcp-add-server-form = Agregar un servidor MCP
mcp-server-url = URL del servidor
mcp-server-name-hint = La primera parte de los nombres de sus herramientas. Si se deja vacío, su host.
mcp-header-name = Nombre del encabezado (opcional)
mcp-header-value = Valor del encabezado
mcp-header-value-hint = Se envía con cada solicitud solo a este servidor, como la clave de un proveedor.
mcp-sign-in-client = Cliente de inicio de sesión (opcional)
mcp-sign-in-client-hint = Solo para un servidor cuyo inicio de sesión no registra a Hearth por sí mismo: el ID de cliente (y el secreto) que te dio su propietario.
mcp-oauth-client-id = ID de cliente OAuth
mcp-oauth-client-secret = Secreto de cliente OAuth
mcp-oauth-client-secret-hint = Solo se envía al inicio de sesión del servidor, nunca en una copia de seguridad.
mcp-add-server = Agregar servidor
## El diálogo “Prompts y recursos” del compositor
mcp-prompts-and-resources = Prompts y recursos
mcp-prompts-and-resources-title = Prompts y recursos de tus servidores MCP
mcp-picker-hint = Un prompt va al cuadro de mensaje, para leerlo y cambiarlo antes de enviarlo. Un recurso se adjunta a tu próximo mensaje, con el texto que tiene ahora.
mcp-picker-no-server = No hay ningún servidor MCP activado. Agrega uno en Herramientas.
mcp-asking-server = Consultando al servidor…
mcp-offers-nothing = No ofrece prompts ni recursos.
mcp-prompts = Prompts
mcp-resources = Recursos
mcp-prompts-of = Prompts de { $server }
mcp-resources-of = Recursos de { $server }
mcp-getting-prompt = Obteniendo el prompt { $prompt }…
mcp-prompt-parts-left-out =
    { $count ->
        [one] El prompt { $prompt } también tiene { $count } imagen, sonido o archivo que no puede ir en un mensaje; se omitió.
       *[other] El prompt { $prompt } también tiene { $count } imágenes, sonidos o archivos que no pueden ir en un mensaje; se omitieron.
    }
mcp-reading-resource = Leyendo { $uri }…
mcp-resource-parts-left-out =
    { $count ->
        [one] { $uri }: se omitió su { $count } parte binaria (solo se adjunta texto).
       *[other] { $uri }: se omitieron sus { $count } partes binarias (solo se adjunta texto).
    }
mcp-prompt-form = El prompt { $prompt }
mcp-fill-in = Completa { $fields }.
mcp-insert = Insertar
mcp-back = Atrás
mcp-argument-required = { $argument } (obligatorio)
mcp-resource-form = El recurso { $resource }
mcp-template-unusable = No se puede usar esta plantilla: { $error }.
mcp-template-address = Dirección:
mcp-attach = Adjuntar
## Por qué no se pudo usar un servidor MCP
mcp-failure-unreachable = No se pudo contactar con el servidor ({ $detail }). Comprueba la dirección, que el servidor esté en ejecución y que permita el origen de esta página (CORS).
mcp-failure-redirected = El servidor respondió con una redirección, que Hearth no sigue (tus encabezados solo van a la dirección que definiste). Usa la dirección a la que redirige.
mcp-failure-more-access = El servidor quiere más acceso del que concedió tu inicio de sesión. Vuelve a iniciar sesión en Herramientas, Servidores MCP.
mcp-failure-sign-in = El servidor quiere que inicies sesión: usa Iniciar sesión en Herramientas, Servidores MCP.
mcp-failure-refused = El servidor denegó el acceso (HTTP 401/403). Revisa sus encabezados (¿una clave de API?). { $body }
mcp-failure-status = El servidor respondió HTTP { $status }. { $body }
mcp-failure-rpc = El servidor respondió con un error ({ $code }): { $message }
mcp-failure-not-mcp = La respuesta del servidor no es MCP: { $reason }.
mcp-failure-no-answer = El servidor terminó su respuesta sin un resultado.
mcp-failure-stopped = Detenido por el usuario.
mcp-code-not-loaded = No se pudo cargar el código MCP de Hearth ({ $why }).
mcp-failure-timed-out =
    { $seconds ->
        [one] El servidor no dijo nada durante { $seconds } segundo.
       *[other] El servidor no dijo nada durante { $seconds } segundos.
    }
mcp-failure-gone = El servidor terminó la sesión.
mcp-failure-prompt = No se puede usar el prompt: { $error }.
mcp-failure-resource = No se puede adjuntar el recurso: { $error }.
mcp-failure-removed = El servidor MCP ya no está en Herramientas.
mcp-failure-switched-off = El servidor MCP está desactivado en Herramientas.
mcp-failure-locked = Sus valores de encabezado y su inicio de sesión están sellados con la frase de contraseña de tus claves de API: desbloquea tus claves de API para usar este servidor.
mcp-sign-in-failed = Falló el inicio de sesión: { $error }.
mcp-sign-in-unreachable = Falló el inicio de sesión: esta página no recibió respuesta desde { $what } en { $url }. Puede que no esté disponible o que no permita páginas del navegador (CORS); en ese caso, ningún cliente de navegador puede iniciar sesión allí: pide a su propietario que permita este origen.
mcp-sign-in-no-metadata = Falló el inicio de sesión: el servidor no publica { $what }.
mcp-sign-in-locked = Primero desbloquea tus claves de API: con el bloqueo de claves activado, un inicio de sesión solo se guarda sellado con ellas.
mcp-what-registration-endpoint = el endpoint de registro
mcp-what-token-endpoint = el endpoint de tokens
mcp-what-server-metadata = los metadatos del servidor de autorización
## An MCP App's view in a reply's tool widget (src/mcp/mcp_app.rs, mcp_app/, src/mcp/state/app_host.rs)
# The view's region name; $tool is the tool's name, $server the MCP server's
mcp-app-label = App de { $tool } de { $server }
# Stands for the server's name when the server was removed from Hearth
mcp-app-server-removed = un servidor que se quitó
# The accessible name of the view's frame
mcp-app-frame-title = App de { $tool }
mcp-app-close = Cerrar la app
mcp-app-show = Mostrar la app
mcp-app-show-again = Volver a mostrar la app
mcp-app-closed = La app está cerrada.
# $origins is a list of web origins, such as https://unpkg.com
mcp-app-reaches = Esta app podrá conectarse a { $origins } cuando se muestre.
# $why says why, in the words of Hearth's core (English)
mcp-app-failed = No se puede mostrar la app: { $why }
mcp-app-missing = Este dispositivo no tiene la página de la app.
# $server is the MCP server's name
mcp-app-fetch = Obtenerla de { $server }
mcp-app-missing-removed = Este dispositivo no tiene la página de la app, y su servidor se quitó.
# A question: the view asks to call one of its server's tools
mcp-app-asks-to-run = La app pide ejecutar { $tool } en { $server }
mcp-app-run = Ejecutar
mcp-app-run-always = Ejecutar y, desde ahora, permitir siempre { $tool } para esta app
mcp-app-dont-run = No ejecutar
mcp-app-asks-to-open = La app pide abrir una página
# $host is the site's host name, such as example.com
mcp-app-open-link = Abrir { $host }
mcp-app-dont-open = No abrir
mcp-app-call-not-run = { $tool } no se ejecutó.
# $error is why, already a sentence
mcp-app-call-failed = { $tool } falló: { $error }
mcp-app-draft = La app puso un mensaje en tu cuadro de mensaje. Envíalo si quieres.
mcp-app-draft-left-out =
    { $count ->
        [one] La app puso un mensaje en tu cuadro de mensaje (se omitió { $count } parte que no es texto). Envíalo si quieres.
       *[other] La app puso un mensaje en tu cuadro de mensaje (se omitieron { $count } partes que no son texto). Envíalo si quieres.
    }
mcp-app-flooded = La app envió más mensajes de los que Hearth lee; el resto se descartó.
mcp-app-unreadable = La app envió un mensaje que Hearth no puede leer; se descartó.
mcp-app-call-refused = La app pidió llamar a { $tool }, que no es una de las herramientas que su servidor deja llamar a las apps; se rechazó.
mcp-app-link-refused = La app pidió abrir { $url }, que no es una dirección web; se rechazó.
mcp-app-empty-message = La app envió un mensaje sin texto; se rechazó.
# $method is a protocol method's name, such as ui/open-link
mcp-app-invalid = La app pidió { $method } con parámetros que ese método no admite; se rechazó.
mcp-app-not-sandboxed = El marco de la app no estaba en un entorno aislado, así que no ejecutó nada.
mcp-app-restarted = La app reemplazó su página, así que se detuvo. Vuelve a mostrarla para iniciarla de nuevo.
mcp-app-newer = Esta app la guardó una versión más reciente de Hearth, que sí la muestra.
## La vista previa de apps
apps-show-version = Mostrar la versión { $version } de la app
apps-preview-heading = Vista previa de la app · versión { $version } de { $count }
apps-frame-title = Vista previa de la app, versión { $version }
apps-tab-title = App, versión { $version }
apps-new-tab-failed = No se pudo abrir la app en una pestaña nueva: { $reason }.
apps-download-failed = No se pudo descargar la app: { $reason }.
apps-reload-app = Recargar la app
apps-reload = Recargar
apps-open-in-new-tab = Abrir la app en una pestaña nueva
apps-new-tab = Pestaña nueva
apps-download-app = Descargar la app
apps-download-app-title = Descargar la app como archivo HTML
apps-block-network = Bloquear red
apps-allow-network = Permitir red
apps-block-network-for-app = Bloquear la red para esta app
apps-allow-network-for-app = Permitir la red para esta app
apps-close-preview = Cerrar la vista previa
apps-network-allowed = Red permitida para esta app.
apps-runs-offline = Se ejecuta sin conexión en un entorno aislado: sin red y sin acceso a los datos de Hearth.
apps-allow-network-confirm = ¿Permitir que esta app use la red? Podrá cargar archivos de internet y enviar lo que escribas en ella a cualquier servidor. Los datos y las claves de Hearth quedan fuera de su alcance. Esto se aplica a todas las versiones de la app en esta conversación.
apps-error-not-sent = No se envió el error: espera a que termine la respuesta.
apps-error-reported = La app informó de un error: { $error }
apps-show-preview = Mostrar la vista previa de la app
apps-did-not-run = La app no se ejecutó: { $reason }.
apps-cannot-run = La app no se puede ejecutar: { $reason }.
apps-errors-heading = Errores en la app
apps-error-on-line = Línea { $line }: { $error }
apps-error-source = En:
apps-send-error = Enviar este error al agente
## Copias de seguridad e importaciones
store-no-storage-export = El almacenamiento no está disponible, así que no hay nada que exportar.
store-no-storage-import = El almacenamiento no está disponible, así que no se puede importar nada.
store-no-storage = El almacenamiento no está disponible.
store-nothing-imported = No se importó nada: { $why }
store-import-bad-backup = No se importó nada: { $error }.
store-knowledge-failed = No se pudieron leer ni escribir las bases de conocimiento: { $error }.
store-knowledge-summary = Bases de conocimiento: { $bases }, con { $files } archivos (se leen de nuevo aquí; lo que ya está aquí se queda como está)
store-import-not-text = No se importó nada: el archivo no es texto, ni una copia de seguridad, ni un .zip
store-import-unrecognised = No se importó nada: este archivo no es una copia de seguridad de Hearth ni una exportación de ChatGPT. { $reason }
store-import-changed-meanwhile = No se importó nada: los datos guardados cambiaron mientras la revisión estaba abierta (en otra pestaña). Vuelve a importar el archivo para ver qué cambiaría ahora.
store-import-damaged-attachment = No se importó nada: una imagen o un PDF del archivo está dañado (sus bytes no coinciden con su huella).
store-too-large-for-zip = la conversación es demasiado grande para un zip
store-zip-no-conversations = el .zip no contiene conversations.json, así que no es una exportación de ChatGPT
store-conversations-not-text = su conversations.json no es texto
store-cannot-unpack-zip = este navegador no puede descomprimir archivos .zip; descomprímelo y elige conversations.json
store-entry-cut-short = { $file } está incompleto
store-entry-too-large = { $file } es demasiado grande para importarlo
store-entry-longer-than-declared = { $file } está dañado (al descomprimirlo ocupa más de lo que indica)
store-entry-damaged = { $file } está dañado
store-entry-checksum = { $file } está dañado (su suma de comprobación no coincide)
store-entry-method = { $file } está comprimido con un método que Hearth no puede descomprimir ({ $method })
store-exported =
    Copia exportada: { $conversations ->
        [one] { $conversations } conversación
       *[other] { $conversations } conversaciones
    }, { $messages ->
        [one] { $messages } mensaje
       *[other] { $messages } mensajes
    }.
store-exported-with-attachments =
    Copia exportada: { $conversations ->
        [one] { $conversations } conversación
       *[other] { $conversations } conversaciones
    }, { $messages ->
        [one] { $messages } mensaje
       *[other] { $messages } mensajes
    }, { $attachments ->
        [one] { $attachments } adjunto
       *[other] { $attachments } adjuntos
    }.
store-import-backup-heading = ¿Importar esta copia de seguridad?
store-import-chatgpt-heading = ¿Importar estas conversaciones de ChatGPT?
store-chatgpt-changed = Cambiado por el camino: { $changes }.
store-chatgpt-skipped = No importado de ChatGPT: { $skipped }.

## settings

## Configuración → Sincronización
sync-heading = Sincronización
sync-intro = Sincroniza tus conversaciones, agentes, configuración y bases de conocimiento entre dispositivos a través de tu propio servidor CouchDB. Las claves de API nunca se sincronizan. La guía explica cómo configurar un servidor.
sync-knowledge-held-hint = Se vuelve a tomar cuando Hearth se inicie de nuevo.
sync-server-address = Dirección del servidor
sync-database = Base de datos
sync-user-name = Nombre de usuario
sync-password = Contraseña
sync-encrypt-check = Cifrar de extremo a extremo con una frase de contraseña de sincronización
sync-passphrase = Frase de contraseña de sincronización
sync-passphrase-hint = Usa la misma frase de contraseña en todos los dispositivos. Así el servidor solo guarda documentos cifrados; una frase de contraseña perdida no se puede recuperar, y la copia del servidor sigue siendo ilegible.
sync-start = Iniciar sincronización
sync-stop = Detener sincronización
sync-check-server = Comprobar servidor
sync-unlock-keys-first = Primero desbloquea tus claves de API: el bloqueo de claves también sella la contraseña de sincronización.
sync-enter-address-and-database = Escribe la dirección del servidor y el nombre de la base de datos.
sync-address-scheme = La dirección empieza por https:// (o http:// para un servidor en este equipo).
sync-type-passphrase = Escribe la frase de contraseña de sincronización: cifra todo antes de que salga de este dispositivo.
## La línea de progreso
sync-off = La sincronización está desactivada.
sync-starting = Iniciando…
sync-other-tab = Otra pestaña de Hearth está sincronizando; esta la sigue.
sync-syncing = Sincronizando…
sync-live = Al día; los cambios de cualquiera de los dos lados se sincronizan al momento.
sync-retrying = { $why }. Nuevo intento: { $time }.
sync-last-synced = Última sincronización: { $time }.
sync-changes-waiting =
    { $n ->
        [one] { $n } cambio pendiente de enviar.
       *[other] { $n } cambios pendientes de enviar.
    }
## Los resultados de Comprobar servidor
sync-finding-works = Funciona:
sync-finding-warning = Advertencia:
sync-finding-problem = Problema:
sync-checking-server = Comprobando el servidor…
sync-server-check-list = Comprobación del servidor
sync-check-code-not-loaded = No se cargó el código de la comprobación ({ $error }).
## Campos cambiados en dos dispositivos
sync-value-empty = (vacío)
sync-shown-now = Mostrado ahora:
sync-other-devices-value = El del otro dispositivo:
sync-keep-shown = Conservar el mostrado
sync-keep-other = Conservar el del otro dispositivo
sync-conflicts-heading = Cambiado en dos dispositivos
sync-conflicts-hint = Ambos dispositivos cambiaron estos valores al mismo tiempo. Elige el que quieres conservar; el otro se descarta.
sync-conflicts-list = Conflictos por resolver
## Documentos retenidos en lugar de sincronizados
sync-unreadable-heading = Conservados sin leer
sync-unreadable-hint = Esta versión de Hearth no puede leer estos documentos. Se quedan tal cual en el servidor y en todos los dispositivos; nada de aquí los elimina ni los cambia.
sync-unreadable-list = Documentos que esta versión no puede leer
sync-refused-heading = Sin sincronizar
sync-refused-hint = El servidor rechazó estos documentos. Se quedan en este dispositivo; todo lo demás se sincroniza.
sync-refused-list = Documentos que rechazó el servidor
sync-held-why = Motivo: { $why }.
sync-held-what-now = Qué hacer: { $hint }
## Iniciar la sincronización
sync-on-type-passphrase = La sincronización está activada, con cifrado de extremo a extremo: escribe la frase de contraseña de sincronización y presiona Iniciar sincronización.
sync-code-not-loaded = No se cargó el código de sincronización ({ $error }).
## Cifrado de extremo a extremo
sync-wrong-passphrase = Esa frase de contraseña de sincronización no abre los documentos de esta base de datos. Escribe la frase de contraseña que elegiste en tu primer dispositivo (una frase de contraseña perdida no se puede recuperar: la copia del servidor sigue siendo ilegible).
sync-encryption-check-damaged = No se puede leer la comprobación de cifrado de la base de datos ({ $why }).
sync-bad-iv = un IV incorrecto
sync-encryption-check-refused = el servidor rechazó la comprobación de cifrado (estado { $status })
sync-encryption-check-answered = el servidor respondió { $status } a la comprobación de cifrado
## Por qué la sincronización se detuvo o espera
sync-settings-unreadable = No se puede leer la configuración de sincronización: vuelve a escribirla.
sync-no-storage = El almacenamiento no está disponible en este navegador, así que no hay nada que sincronizar.
sync-unlock-keys-then-start = Desbloquea tus claves de API y luego presiona Iniciar sincronización: el bloqueo de claves sella la contraseña de sincronización.
sync-type-passphrase-to-start = Escribe la frase de contraseña de sincronización para empezar.
sync-storage-failed = Falló el almacenamiento de este dispositivo.
sync-storage-failed-why = Falló el almacenamiento de este dispositivo: { $why }
sync-database-encrypted = Esta base de datos tiene cifrado de extremo a extremo: activa el cifrado y escribe su frase de contraseña de sincronización.
sync-offline = Sin conexión, o el servidor no respondió ({ $detail })
sync-redirected = El servidor respondió con una redirección, que Hearth no sigue: usa la dirección a la que redirige
sync-records-kept-changing = Los registros no dejaban de cambiar mientras la sincronización los escribía
sync-refused-credentials = El servidor rechazó el nombre de usuario o la contraseña ({ $what }). Revísalos en Configuración → Sincronización.
sync-refused-access = Este usuario no puede usar esa base de datos ({ $what }). Pide a su administrador que lo agregue a los miembros de la base de datos.
sync-refused-access-reason = Este usuario no puede usar esa base de datos ({ $what }: { $reason }). Pide a su administrador que lo agregue a los miembros de la base de datos.
sync-refused-no-database = La base de datos no existe ({ $what }). Créala primero en el servidor.
sync-server-answered = { $what }: el servidor respondió { $status } { $reason }
sync-answer-unreadable = no se pudo leer la respuesta del servidor ({ $error })
sync-changes-unreadable = no se pudieron leer los cambios del servidor ({ $error })
sync-documents-unreadable = no se pudieron leer los documentos del servidor ({ $error })
sync-doing-opening-database = al abrir la base de datos
sync-doing-reading-checkpoint = al leer un punto de control
sync-doing-writing-checkpoint = al escribir un punto de control
sync-doing-comparing-revisions = al comparar revisiones
sync-doing-checking-encryption = al comprobar si la base de datos tiene cifrado de extremo a extremo
sync-doing-sending-changes = al enviar cambios
sync-doing-reading-changes = al leer cambios
sync-doing-fetching-changes = al obtener cambios
sync-doing-fetching-attachments = al obtener adjuntos
settings-reading-file = Leyendo el archivo…
settings-review-import = Revisa la importación.
settings-import-cancelled = Importación cancelada. No se cambió nada.
settings-import-progress = Progreso de la importación
settings-import-reading = Leyendo el archivo: { $done } de { $total } registros
settings-import-writing = Escribiendo: { $done } de { $total } mensajes
settings-confirm-delete-all = ¿Eliminar todas las conversaciones, las bases de conocimiento, la configuración y las claves de este navegador?
settings-all-data-deleted = Se eliminaron todos los datos.
settings-auto-title = Generar los títulos de las conversaciones con el modelo
settings-stall-timeout = Abandonar una respuesta tras este número de segundos sin datos
settings-stall-timeout-invalid = Escribe un número entero de segundos entre 1 y 3600.
settings-backup-heading = Copia de seguridad
settings-backup-hint = Todo se queda en este navegador. Un archivo de copia de seguridad lo restaura aquí o en otro navegador.
settings-include-keys = Incluir las claves de API en la copia de seguridad
settings-export-backup = Exportar copia de seguridad
settings-import-file = Importar una copia de seguridad o una exportación de ChatGPT (.zip o conversations.json)
settings-danger-zone = Zona de peligro
settings-delete-all = Eliminar todos los datos
## El diálogo de revisión de la importación
settings-import-will = Todavía no se ha cambiado nada. La importación:
settings-import-confirm = Importar
## Hosts de imágenes
settings-image-hosts = Cargar automáticamente las imágenes de estos hosts
settings-image-hosts-none = ninguno
settings-image-hosts-hint = Separa los hosts con espacios, por ejemplo: upload.wikimedia.org. Las imágenes de otros hosts esperan al botón “Load image”.
settings-not-a-host = No es un nombre de host: { $hosts }. No se cambió nada.
## Conversaciones largas
settings-long-conversations = Conversaciones largas
settings-long-conversations-hint = Cuando una conversación llena la ventana de contexto de su modelo, se resumen los turnos más antiguos. El primer mensaje y los últimos turnos se envían tal cual; todos los mensajes siguen guardados y visibles.
settings-compact-at = Compactar al llegar a (% de la ventana de contexto)
settings-keep-last-turns = Conservar literalmente los últimos N turnos
settings-summarise-with = Resumir con
settings-own-model = El modelo de la conversación
## Almacenamiento
settings-storage = Almacenamiento
settings-storage-counting = Imágenes y PDF: contando…
settings-storage-attachments =
    { $n ->
        [one] Imágenes y PDF: { $n } archivo, { $size }.
       *[other] Imágenes y PDF: { $n } archivos, { $size }.
    }
settings-storage-browser = Este navegador: Hearth usa { $used } de los { $quota } que puede usar ({ $share } %).
settings-voice-hint = El dictado solo graba mientras el botón del micrófono está presionado, y envía la grabación a la cuenta o al servicio elegido aquí, a ningún otro sitio; el navegador de este dispositivo la conserva aquí.
settings-dictation-with = Convertir la voz en texto con
settings-dictation-off = Nadie todavía (el dictado está desactivado)
settings-dictation-browser-service = El servicio de voz de este navegador (tu voz va al fabricante del navegador, como Google)
settings-dictation-device = Este navegador, en este dispositivo
settings-dictation-device-available = Este navegador, en este dispositivo (tu voz se queda aquí)
settings-dictation-device-downloadable = Este navegador, en este dispositivo (tu voz se queda aquí; primero descarga su modelo de voz)
settings-dictation-device-unavailable = Este navegador, en este dispositivo (no para este idioma)
settings-dictation-device-none = Este navegador, en este dispositivo (este navegador no puede)
settings-transcription-model = Modelo de transcripción
settings-language-spoken = Idioma hablado (como es o en; vacío: cualquiera)
settings-read-aloud-with = Leer las respuestas en voz alta con
settings-read-aloud-browser = Las voces de este navegador (en este dispositivo)
settings-read-aloud-account = La API de voz de una cuenta (recibe el texto de la respuesta)
settings-speech-account = Cuenta de voz
settings-choose-account = Elige una cuenta
settings-speech-model = Modelo de voz
settings-voice-name = Voz (vacío: la predeterminada)
settings-voice-browser-default = la del navegador
settings-speed = Velocidad
settings-voice-speed = { $speed }×
settings-talk-model = Modelo para hablar (vacío: el de la familia)

composer-more-options = Más opciones

tools-builtin-current-time = Hora actual
tools-builtin-calculator = Calculadora
tools-builtin-fetch-url = Obtener una URL
tools-builtin-search-conversations = Buscar en mis conversaciones
tools-builtin-read-project-file = Leer un archivo del proyecto
tools-builtin-run-javascript = Ejecutar JavaScript
chat-compare-recipe-combine = Combinar en una respuesta
chat-compare-recipe-table = Comparar en una tabla
chat-compare-recipe-own = Mi propia instrucción
providers-inputs-from-user = según lo configurado en Proveedores
providers-inputs-from-model-list = según la lista de modelos del proveedor
providers-inputs-from-refusal = el proveedor lo rechazó antes
providers-inputs-from-documentation = según la documentación de su proveedor
language-held = No se ha recargado ahora: todavía llega una respuesta o hay un mensaje sin enviar. El idioma se aplicará la próxima vez que abras Hearth, o pulsa Aplicar de nuevo cuando terminen.

## Knowledge bases (the Knowledge dialog, an agent's bases, a reply's passages, the viewer)

knowledge-top = Conocimiento
knowledge-hint = Las bases de conocimiento son tus archivos, leídos y consultados en este navegador. Un agente con una base recibe los fragmentos que mejor coinciden con cada pregunta, con sus fuentes, y puede volver a buscar. Solo esos fragmentos van con tu pregunta; una base con embeddings también envía sus fragmentos al modelo de embeddings que elijas.
knowledge-none = Aún no hay ninguna base de conocimiento.
knowledge-new = Nueva base de conocimiento
knowledge-new-placeholder = Nombre, como Manual
knowledge-make = Crear
knowledge-add-files = Agregar archivos
knowledge-add-folder = Agregar una carpeta
knowledge-words-only = Solo búsqueda por palabras (sin embeddings)
knowledge-use = Usar
knowledge-start-embedding = Generar embeddings
knowledge-carry-hint = Los demás dispositivos, y el navegador donde se restaure una copia de seguridad, los usarán en lugar de volver a generar los embeddings de los archivos.
knowledge-read-again = Volver a leer
knowledge-waiting = Esperando a ser leído
knowledge-failed = Falló
knowledge-binary = Omitido: no es texto, diga lo que diga su nombre.
knowledge-empty = Omitido: está vacío.
knowledge-mention-base = { $name } (base de conocimiento)
knowledge-mention-file = { $name } (en { $base })
knowledge-not-arrived = Esperando sus datos desde tu otro dispositivo (sincronización).
knowledge-encrypted = Omitido: está cifrado, así que no se puede leer su texto.
knowledge-zip-bomb = Rechazado: al descomprimirlo ocuparía mucho más de lo que indica (¿una bomba zip?).
knowledge-no-text = Falló: no se encontró texto en él (¿un escaneo?).
knowledge-gone = Este archivo ya no está en su base de conocimiento; esto es lo que recibió la respuesta:
knowledge-file-text = El texto del archivo
knowledge-cited = citado
knowledge-agent-bases = Bases de conocimiento
knowledge-agent-none = Aún no hay ninguna base de conocimiento: crea una en Conocimiento.
knowledge-agent-budget = Tokens de fragmentos con cada pregunta
knowledge-problem = Algo salió mal con las bases de conocimiento: { $detail }
knowledge-removed-files =
    { $count ->
        [one] Se quitó { $name }
       *[other] Se quitaron { $count } archivos
    }
knowledge-removed-base = Se quitó { $name }
knowledge-totals =
    { $files ->
        [one] { $files } archivo
       *[other] { $files } archivos
    } · { $size } · { $passages ->
        [one] { $passages } fragmento
       *[other] { $passages } fragmentos
    }
knowledge-add-files-to = Agregar archivos a { $name }
knowledge-add-folder-to = Agregar una carpeta a { $name }
knowledge-remove-base = Quitar { $name }
knowledge-files-of = Archivos de { $name }
knowledge-embed-account = Embeddings de { $name }
knowledge-embed-model = Modelo de embeddings de { $name }
knowledge-carry-vectors = Llevar los embeddings de { $name } en copias de seguridad y sincronización
knowledge-cost-local = Unos { $tokens } tokens para generar embeddings, en esta máquina: gratis.
knowledge-cost = Unos { $tokens } tokens para generar embeddings: unos ${ $dollars } al precio publicado.
knowledge-cost-unknown = Unos { $tokens } tokens para generar embeddings; Hearth no conoce el precio de este modelo.
knowledge-remove-file = Quitar { $name }
knowledge-retry-file = Volver a leer { $name }
knowledge-embedding =
    { $passages ->
        [one] { $passages } fragmento, generando embeddings
       *[other] { $passages } fragmentos, generando embeddings
    }
knowledge-embedded =
    { $passages ->
        [one] { $passages } fragmento, con embeddings
       *[other] { $passages } fragmentos, con embeddings
    }
knowledge-embed-failed =
    { $passages ->
        [one] { $passages } fragmento; fallaron los embeddings ({ $error }), así que se busca por palabras
       *[other] { $passages } fragmentos; fallaron los embeddings ({ $error }), así que se busca por palabras
    }
knowledge-indexed =
    { $passages ->
        [one] { $passages } fragmento
       *[other] { $passages } fragmentos
    }
knowledge-too-large = Omitido: { $size } supera los { $limit } que puede ocupar un archivo.
knowledge-unsupported = Omitido: Hearth no lee archivos .{ $extension }.
knowledge-malformed = Falló: está dañado o no es lo que dice su nombre ({ $detail }).
knowledge-duplicate = Omitido: el mismo archivo ya está aquí como { $of }.
knowledge-too-many = Omitido: una base admite como máximo { $limit } archivos.
knowledge-open-pdf-page = Abrir el PDF en la página { $page }
knowledge-reply-summary =
    { $count ->
        [one] De tu base de conocimiento: { $count } fragmento
       *[other] De tu base de conocimiento: { $count } fragmentos
    }
knowledge-open-passage = Abrir { $passage }
knowledge-more-files = { $count ->
        [one] …y 1 archivo más
       *[other] …y { $count } archivos más
    }
knowledge-unlink = Desvincular
knowledge-link-folder = Vincular una carpeta
knowledge-folder-linked = Se mantiene al día con la carpeta { $folder }.
knowledge-folder-allow = Permitir leer { $folder } de nuevo
knowledge-folder-unlink = Desvincular la carpeta de { $name }
knowledge-folder-link = Vincular una carpeta a { $name }, siempre al día
knowledge-agent-budget-error = Escribe un número entero de tokens entre 200 y 32000, o déjalo vacío para usar el valor predeterminado.
