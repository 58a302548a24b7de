# Hearth's interface in Brazilian Portuguese. Translated from en.ftl; same ids.
## i18n

language = Idioma
language-automatic = Automático ({ $name })
language-apply = Aplicar e recarregar
language-hint = O idioma da interface neste dispositivo. O que você e os modelos escrevem nunca é traduzido.
language-failed = Não foi possível carregar o idioma escolhido, por isso { $name } é exibido: { $why }
language-not-kept = Este navegador não guardou a escolha (o armazenamento está bloqueado ou cheio).

## chat

# Barra superior
app-agents = Agentes
app-tools = Ferramentas
app-settings = Configurações
app-conversations = Conversas
app-show-conversations = Mostrar conversas
app-more = Mais
# Partes compartilhadas
ui-copied = Copiado
ui-copy = Copiar
ui-close = Fechar
ui-retry = Tentar novamente
# A conversa
chat-messages = Mensagens
chat-conversation = Conversa
chat-message-you = Você
chat-message-system = Sistema
chat-jump-to-latest = Ir para a mais recente
chat-conversation-not-found = Conversa não encontrada
chat-conversation-not-found-detail = Este endereço aponta para uma conversa que não está neste navegador. Ela pode ter sido excluída ou foi criada em outro navegador: as conversas ficam guardadas apenas no navegador em que foram criadas.
chat-start-new-chat = Iniciar uma nova conversa
chat-add-provider-to-start = Adicione um provedor para começar: OpenAI, Anthropic, Gemini ou qualquer servidor compatível com OpenAI, inclusive Ollama ou LM Studio neste computador.
chat-set-up-provider = Configurar um provedor
# Boas-vindas de uma conversa vazia
chat-welcome-heading = Como posso ajudar você hoje?
chat-suggestions = Sugestões
chat-suggestion-explain = Explicar algo de forma simples
chat-suggestion-explain-prompt = Explique, em termos simples, como o HTTPS mantém uma conexão privada.
chat-suggestion-code = Escrever código
chat-suggestion-code-prompt = Escreva uma função que verifique se uma string é um palíndromo, com testes.
chat-suggestion-summarise = Resumir um texto
chat-suggestion-summarise-prompt = Resuma este texto em três tópicos:
chat-suggestion-plan = Planejar um fim de semana
chat-suggestion-plan-prompt = Me ajude a planejar um fim de semana tranquilo fora de casa. Primeiro, pergunte do que eu gosto.
chat-welcome-privacy = Nada sai deste navegador, exceto a solicitação ao seu provedor.
# A barra acima da conversa
chat-open-conversation = Conversa aberta
chat-export-markdown = Exportar como Markdown
chat-branches = Ramificações
chat-branches-tooltip = Todos os pontos em que esta conversa se ramifica, para mostrar qualquer ramificação
chat-export-versions-tooltip = A ramificação exibida e, depois, todas as outras versões como apêndice
chat-export-with-versions = Exportar com as outras versões
chat-clear-already-empty = A conversa já está vazia
chat-clear-tooltip = Excluir todas as mensagens dela
chat-clear-conversation = Limpar conversa
chat-clear-confirm = Limpar a conversa “{ $title }”? Todas as mensagens dela serão excluídas; a conversa continua na lista, vazia. Não é possível desfazer.
# O divisor do resumo
chat-summary-divider = Mensagens anteriores resumidas
chat-summary-divider-count =
    { $n ->
        [one] Mensagens anteriores resumidas ({ $n } mensagem)
       *[other] Mensagens anteriores resumidas ({ $n } mensagens)
    }
chat-summary-group = Resumo das mensagens anteriores
chat-summary = Resumo
chat-summary-undo-label = Desfazer resumo
chat-summary-undo-tooltip = Excluir este resumo: as solicitações voltam a enviar as mensagens anteriores
chat-undo = Desfazer
# Uma mensagem enviada pelo usuário
chat-show-whole-message = Mostrar a mensagem inteira ({ $size })
chat-versions-of-message = Versões desta mensagem
chat-edit = Editar
chat-edit-tooltip = Editar e enviar de novo (a original é mantida)
# Imagens, PDFs e notas de voz de uma mensagem enviada
chat-media-open = Abrir { $name } ({ $detail })
chat-media-missing = Não está mais armazenado
chat-media-list = Imagens, PDFs e notas de voz
chat-media-image-alt = { $name }, anexado à mensagem ({ $detail })
chat-media-no-longer-stored = ele não está mais armazenado
chat-media-not-downloaded = { $name } não foi baixado: { $reason }.
chat-media-download = Baixar
chat-voice-note-play = Reproduzir { $name }
chat-voice-note-transcript = Transcrição
# Versões de uma mensagem
chat-version-of = Versão { $number } de { $count }
chat-show-previous-version = Mostrar a versão anterior
chat-previous-version = Versão anterior
chat-show-next-version = Mostrar a próxima versão
chat-next-version = Próxima versão
chat-more-actions = Mais ações
chat-edit-answer = Editar esta resposta
chat-branch-new-chat = Ramificar em uma nova conversa
chat-delete-version = Excluir esta versão
chat-keep-only-path = Manter só este caminho
chat-edit-your-message = Edite sua mensagem
chat-edit-message-hint = Enviada como nova versão: a original e as respostas dela continuam a uma seta de distância.
chat-cancel = Cancelar
chat-send = Enviar
chat-answer-text = Texto da resposta
chat-edit-answer-hint = Salvar como nova versão mantém a original a uma seta de distância. Corrigir no lugar altera esta resposta e a marca como editada. Em ambos os casos, nada abaixo dela é removido.
chat-fix-in-place = Corrigir no lugar
chat-save-new-version = Salvar como nova versão
# O esquema das ramificações
chat-outline-heading = Ramificações desta conversa
chat-outline-hint = Todos os pontos em que esta conversa se ramifica e suas versões. Escolha uma para mostrar a ramificação dela.
chat-outline-shown = exibida
chat-outline-fork-answers =
    { $count ->
        [one] Turno { $turn } · { $count } resposta
       *[other] Turno { $turn } · { $count } respostas
    }
chat-outline-fork-questions =
    { $count ->
        [one] Turno { $turn } · { $count } versão da pergunta
       *[other] Turno { $turn } · { $count } versões da pergunta
    }
chat-outline-version = { $number } de { $count }: { $text }
chat-outline-model-edited = { $model }, editada
# Comparação de modelos
chat-compare-answer-name = Resposta { $letter }
chat-compare-merged-answer = Resposta mesclada
chat-compare-merge-credit =
    { $count ->
        [one] Escrita a partir de { $count } resposta com: “{ $recipe }”
       *[other] Escrita a partir de { $count } respostas com: “{ $recipe }”
    }
chat-compare-writing = Escrevendo…
chat-compare-stop-answer = Parar { $name }
chat-compare-stop = Parar
chat-compare-retry-answer = Tentar { $name } novamente
chat-compare-continue-with-answer = Continuar com { $name }
chat-compare-continuing = Continuando com esta
chat-compare-continue-with-this = Continuar com esta
chat-compare-choose-tooltip = Escolher para “Continuar separadamente”
chat-compare-choose-answer = Escolher { $name } para continuar separadamente
chat-compare-choose = Escolher
chat-compare-first-token-time = { $time } até o primeiro token
chat-compare-total-time = { $time } no total
chat-compare-output-tokens =
    { $n ->
        [one] { $n } token
       *[other] { $n } tokens
    }
chat-compare-cost = cerca de { $cost }
chat-compare-new-chats =
    { $n ->
        [one] { $n } nova conversa, listada abaixo desta.
       *[other] { $n } novas conversas, listadas abaixo desta.
    }
chat-compare-turn-label = Respostas comparadas ({ $n })
chat-compare-answers = Respostas
chat-compare-scroll-separately = Rolar as colunas separadamente
chat-compare-continue-separately-tooltip = Cada resposta escolhida continua em uma nova conversa própria
chat-compare-continue-separately = Continuar separadamente
chat-compare-continue-separately-count = Continuar separadamente ({ $n })
chat-compare-merge-open = Mesclar…
chat-compare-merge-form = Mesclar as respostas
chat-compare-recipe = Receita
chat-compare-instruction = Instrução
chat-compare-written-by = Escrita por
chat-compare-agent-model = O modelo do agente
chat-compare-merge = Mesclar

## composer

# O compositor
composer-label = Escrever mensagem
composer-keys = Enter envia · Shift+Enter adiciona uma linha · @ anexa um arquivo
composer-message = Mensagem
composer-message-placeholder = Mensagem para o Hearth…
composer-talk = Falar
composer-talk-title = Converse com o modelo em voz alta
composer-search = Pesquisar
composer-search-web = Pesquisar na web
composer-search-title = Responder usando a própria pesquisa na web do provedor, com fontes
composer-take-photo = Tirar uma foto
composer-compare = Comparar
composer-compare-models = Comparar modelos
composer-compare-title = Enviar a próxima mensagem a vários modelos e ver as respostas lado a lado
composer-effort = Esforço de raciocínio
composer-effort-title = O quanto um modelo de raciocínio pensa antes de responder
composer-effort-default = Esforço: padrão
composer-effort-low = Esforço: baixo
composer-effort-medium = Esforço: médio
composer-effort-high = Esforço: alto
composer-dictate = Ditar
composer-dictate-title = Fale em vez de digitar (Alt+Shift+U)
composer-compact = Compactar
composer-compact-conversation = Compactar conversa
composer-compact-title = Resumir agora as mensagens anteriores; elas continuam aqui, e as solicitações enviam o resumo
composer-context-used =
    { $window ->
        [one] { $used } de { $window } token · { $percent }%
       *[other] { $used } de { $window } tokens · { $percent }%
    }
composer-context-window-used = Janela de contexto usada
composer-context-full = A próxima solicitação vai resumir primeiro as mensagens anteriores
composer-context-estimated = Tamanho estimado da próxima solicitação
# Anexos
composer-attach-file = Anexar um arquivo
composer-attach-title = Anexar imagens, PDFs, áudio ou arquivos de texto (.md, .txt)
composer-reads-no-pdfs = { $model } não lê PDFs ({ $reason }): um PDF é enviado como texto.
composer-reads-no-images = { $model } não lê imagens ({ $reason }): uma imagem é enviada como uma nota.
composer-reads-no-images-or-pdfs = { $model } não lê imagens nem PDFs ({ $reason }): uma imagem é enviada como uma nota, e um PDF, como texto.
composer-attached-files = Arquivos anexados
composer-attached-media = Imagens, PDFs e notas de voz anexados
composer-remove-file = Remover { $name }
composer-preparing = Preparando…
composer-media-will-be-sent = Será enviado como { $summary }
composer-transcribing = Transcrevendo…
composer-no-transcript-offered = Sem transcrição: um modelo que não ouve áudio recebe apenas uma menção a ele.
composer-transcript = Transcrição: { $text }
composer-no-transcript = Sem transcrição.
composer-voice-note-play = Reproduzir { $name }
composer-make-transcript = Transcrever
composer-voice-note-ask = Transcrever { $name }
composer-heic-kept = Este navegador não consegue converter fotos HEIC: a foto é mantida como está, e só os modelos Gemini conseguem lê-la.
composer-refused-unknown = “{ $name }” não foi anexado: o Hearth aceita imagens, PDFs, áudio e arquivos .md ou .txt.
composer-refused-not-audio = “{ $name }” não foi anexado: este navegador não conseguiu reproduzi-lo como áudio (o arquivo está danificado?).
composer-refused-too-long =
    { $minutes ->
        [one] “{ $name }” não foi anexado: ele tem mais de { $minutes } minuto (encurte-o ou divida-o).
       *[other] “{ $name }” não foi anexado: ele tem mais de { $minutes } minutos (encurte-o ou divida-o).
    }
composer-refused-too-large = “{ $name }” não foi anexado: ele tem mais de { $limit } MB.
composer-refused-unreadable = “{ $name }” não foi anexado: este navegador não conseguiu lê-lo como imagem.
composer-refused-failed = “{ $name }” não foi anexado: { $detail }.
composer-refused-not-loaded = “{ $name }” não foi anexado: o código de anexos do Hearth não carregou (verifique a conexão e tente novamente).
composer-failed-stored = não foi possível armazená-lo
composer-failed-hashed = não foi possível calcular o hash dele
# Anexar um arquivo do projeto digitando @
composer-project-files = Arquivos do projeto
composer-mention-one-match = 1 arquivo do projeto corresponde. Enter ou Tab o anexa; Escape fecha a lista.
composer-mention-matches =
    { $n ->
        [one] { $n } arquivo do projeto corresponde. Cima e Baixo escolhem, Enter ou Tab anexa, Escape fecha a lista.
       *[other] { $n } arquivos do projeto correspondem. Cima e Baixo escolhem, Enter ou Tab anexa, Escape fecha a lista.
    }
composer-knowledge-matches = { $n } bases de conhecimento e arquivos correspondem. Cima e Baixo escolhem, Enter ou Tab seleciona, Esc fecha a lista.
composer-knowledge-one-match = 1 base de conhecimento ou arquivo corresponde. Enter ou Tab o escolhe, Esc fecha a lista.
composer-knowledge-list = Bases de conhecimento e arquivos
composer-mention-no-files = Ainda não há arquivos do projeto. Adicione um com Anexar um arquivo, soltando-o na conversa ou em Ferramentas.
composer-mention-no-match = Nenhum arquivo do projeto corresponde a “{ $query }”.
# Criar uma imagem
composer-image = Imagem
composer-create-image = Criar uma imagem
composer-image-title = Peça ao modelo de imagem do provedor imagens do que você escrever
composer-what-to-draw = O que desenhar
composer-picture-edits = O modelo edita a imagem anexada na caixa de mensagem: { $name }.
composer-picture-how-to-edit = Para editar uma imagem, anexe-a primeiro na caixa de mensagem.
composer-image-model = Modelo de imagem
composer-image-model-hint = Solicitado à conta que responde nesta conversa.
composer-draw-first = Primeiro, escreva o que desenhar.
composer-name-model-first = Primeiro, informe um modelo de imagem.
composer-picture-not-sent = Nada foi enviado: uma resposta ainda está sendo escrita aqui, um anexo está sendo preparado ou esta aba não consegue mais salvar (veja o aviso no topo).
composer-create = Criar
composer-picture-size = Tamanho
composer-picture-quality = Qualidade
composer-picture-count = Quantas imagens
composer-size-automatic = Tamanho: automático
composer-size-square = Quadrado
composer-size-landscape = Paisagem
composer-size-portrait = Retrato
composer-quality-automatic = Qualidade: automática
composer-quality-low = Qualidade: baixa
composer-quality-medium = Qualidade: média
composer-quality-high = Qualidade: alta
composer-pictures-1 = 1 imagem
composer-pictures-2 = 2 imagens
composer-pictures-3 = 3 imagens
composer-pictures-4 = 4 imagens
# O painel Comparar
composer-compare-hint = Sua próxima mensagem vai para cada coluna; as respostas chegam lado a lado.
composer-compare-add-column = Adicionar uma coluna
composer-compare-blind = Às cegas: ocultar os nomes dos modelos até eu escolher um
composer-compare-cost-title = Estimado a partir do tamanho da conversa e dos preços de tabela
composer-stop-comparing = Parar de comparar
composer-compare-blind-picks = Escolhas às cegas neste dispositivo: { $tally }
composer-column-agent = Agente da coluna { $letter }
composer-column-model = Modelo da coluna { $letter }
composer-column-remove = Remover coluna { $letter }
composer-follows-merged = Sua próxima mensagem continua a partir da resposta mesclada.
composer-follows-blind-answer = Sua próxima mensagem continua a partir da resposta { $letter }. Escolha uma com “Continuar com esta”.
composer-follows-answer = Sua próxima mensagem continua a partir da resposta { $letter } ({ $model }).
# A barra lateral de conversas
sessions-close = Fechar conversas
sessions-new-chat = Nova conversa
sessions-search-label = Pesquisar conversas
sessions-search-placeholder = Pesquisar em todas as mensagens
sessions-list = Lista de conversas
sessions-show-more = Mostrar mais conversas
sessions-empty = Suas conversas aparecerão aqui. Elas ficam guardadas apenas neste navegador.
sessions-deleted = “{ $title }” excluída
sessions-rename = Renomear
sessions-pin = Fixar
sessions-unpin = Desafixar
sessions-delete = Excluir
sessions-actions-for = Ações de { $title }
sessions-pinned = Fixada
sessions-title-field = Título da conversa
sessions-replying = Respondendo
sessions-reply-streaming = Uma resposta está chegando
sessions-searching = Pesquisando…
sessions-no-match = Nenhuma mensagem corresponde.
sessions-search-results = Resultados da pesquisa
sessions-other-branch = Em outra ramificação
sessions-search-count =
    { $total ->
        [one] { $total } resultado
       *[other] { $total } resultados
    }
sessions-search-count-newest =
    { $total ->
        [one] { $shown } mais recente de { $total } resultado
       *[other] { $shown } mais recentes de { $total } resultados
    }
sessions-search-count-many = Os { $shown } mais recentes de muitos resultados; adicione uma palavra para refinar
sessions-search-count-recent = { $shown } encontrados nas conversas mais recentes; adicione uma palavra para refinar

## reply

# A resposta de um modelo (src/chat/reply/) e o estado da conversa (src/chat/state/)
reply-assistant = Assistente
reply-copy-code = Copiar código
reply-hide-diagram = Ocultar diagrama
reply-show-diagram = Mostrar diagrama
reply-drawing-diagram = Desenhando o diagrama…
reply-diagram-shown = Diagrama exibido
reply-diagram-failed = Não foi possível desenhar este diagrama: { $why }
reply-code-unnamed = código
reply-code = Código
reply-code-named = Código { $language }
reply-load-image = Carregar imagem
reply-load-image-name = Carregar a imagem { $label } de { $host }
reply-load-image-compact = Carregar imagem: { $label } ({ $host })
reply-image-not-loaded = (imagem não carregada)
reply-app-code = Código do app
reply-source = Fonte { $number }
reply-unlock-keys = Desbloquear suas chaves de API
reply-compact-and-retry = Compactar e tentar novamente
reply-retry-wait = O provedor pediu para aguardar: { $secs } s
reply-loading-image = Carregando imagem…
reply-open-image-new-tab = Abrir imagem em uma nova aba
reply-read-aloud = Ler em voz alta
reply-pause = Pausar
reply-picture-being-drawn = A imagem sendo desenhada, ainda não concluída
reply-drawing = Desenhando…
reply-pictures = Imagens
reply-picture-alt = Imagem { $number } criada pelo modelo
reply-picture-not-shown = Uma imagem do tipo { $type }, não exibida.
reply-picture-open = Abrir a imagem { $number } criada pelo modelo
reply-picture-gone = A imagem { $number } não está mais armazenada.
reply-sources = Fontes
reply-saved = Salvo
reply-save-as-file = Salvar como arquivo
reply-save-as-file-markdown = Salvar como arquivo (Markdown)
reply-still-writing = Ainda escrevendo
reply-thinking-for = Pensando… { $secs } s
reply-thought-for = Pensou por { $secs } s
reply-thinking = Raciocínio
reply-unsupported-parts =
    { $n ->
        [one] Esta resposta contém { $n } parte que o Hearth ainda não consegue exibir.
       *[other] Esta resposta contém { $n } partes que o Hearth ainda não consegue exibir.
    }
reply-show-raw-json = Mostrar o JSON bruto
reply-unsupported-parts-list = Partes que o Hearth não consegue exibir
reply-google-search-suggestions = Sugestões da Pesquisa Google
reply-provider-tools = Ferramentas do provedor
reply-show-its-json = Mostrar o JSON
reply-server-tool-searching-for = Pesquisando “{ $query }” na web…
reply-server-tool-searching = Pesquisando na web…
reply-server-tool-search-for-failed = A pesquisa por “{ $query }” falhou
reply-server-tool-search-failed = Uma pesquisa na web falhou
reply-server-tool-searched-for = Pesquisou “{ $query }” na web
reply-server-tool-searched = Pesquisou na web
reply-server-tool-reading-url = Lendo { $url }…
reply-server-tool-reading-url-failed = Falha ao ler { $url }
reply-server-tool-read-url = Leu { $url }
reply-server-tool-reading-page = Lendo uma página…
reply-server-tool-reading-page-failed = Falha ao ler uma página
reply-server-tool-read-page = Leu uma página
reply-server-tool-drawing = Desenhando uma imagem…
reply-server-tool-drawing-failed = Falha ao desenhar uma imagem
reply-server-tool-drew = Desenhou uma imagem
reply-server-tool-unsupported = sem suporte: { $name }
reply-server-tool-failed-why = { $what }: { $why }
reply-server-tool-results =
    { $count ->
        [one] { $text } · { $count } resultado
       *[other] { $text } · { $count } resultados
    }
reply-usage = { $input } entrada · { $output } saída
reply-usage-with-reasoning = { $input } entrada · { $output } saída · { $reasoning } raciocínio
reply-regenerate = Regenerar
reply-regenerate-title = Regenerar (responder de novo)
reply-tokens = Tokens
reply-versions-of-answer = Versões desta resposta
reply-badge-edited = { $named } · editada
reply-badge-agent-model = Agente · modelo
reply-badge-model = Modelo
reply-chunks-skipped =
    { $n ->
        [one] { $n } trecho da transmissão não pôde ser lido e foi ignorado.
       *[other] { $n } trechos da transmissão não puderam ser lidos e foram ignorados.
    }
reply-extra-answers-ignored =
    { $answers ->
        [one] O provedor enviou { $answers } resposta (n > 1 na solicitação); só a primeira é exibida.
       *[other] O provedor enviou { $answers } respostas (n > 1 na solicitação); só a primeira é exibida.
    }
reply-stopped = Interrompida
reply-interrupted = Interrompida: a página foi fechada ou recarregada enquanto esta resposta chegava.
reply-incomplete-title = A resposta pode estar incompleta
reply-incomplete-detail = A transmissão terminou antes de o modelo indicar que havia concluído. O que chegou é mantido; Regenerar pergunta de novo.
reply-token-limit-title = A resposta atingiu o limite de tokens
reply-token-limit-detail = Aumente Máximo de tokens em Provedores ou peça ao modelo que continue.
reply-safety-filter-title = O filtro de segurança do provedor interrompeu a resposta
reply-safety-filter-detail = O modelo se recusou, ou o filtro de conteúdo do provedor bloqueou o prompt ou a resposta.
reply-ended-early-title = O provedor encerrou a resposta antes do fim
reply-regenerate-asks-again = Regenerar pergunta de novo.
# src/chat/state/
chat-state-branch-not-stored = Não foi possível armazenar a nova conversa.
chat-state-wait-reply-ended = Aguarde até a resposta terminar.
chat-state-no-other-version = Esta mensagem não tem outra versão: nada foi excluído.
chat-state-no-other-branch = Esta conversa não tem outra ramificação: nada foi excluído.
chat-state-empty-answer = Uma resposta não pode ficar vazia: escreva algo ou clique em Cancelar.
chat-state-delete-version-confirm =
    { $count ->
        [one] Excluir esta versão e tudo abaixo dela ({ $count } mensagem)? Você pode desfazer por alguns segundos.
       *[other] Excluir esta versão e tudo abaixo dela ({ $count } mensagens)? Você pode desfazer por alguns segundos.
    }
chat-state-keep-path-confirm =
    { $count ->
        [one] Excluir todas as ramificações, exceto a exibida ({ $count } mensagem)? Você pode desfazer por alguns segundos.
       *[other] Excluir todas as ramificações, exceto a exibida ({ $count } mensagens)? Você pode desfazer por alguns segundos.
    }
chat-state-messages-deleted =
    { $count ->
        [one] { $count } mensagem excluída
       *[other] { $count } mensagens excluídas
    }
chat-state-merge-wait-columns = Aguarde até todas as colunas terminarem.
chat-state-merge-too-few = Uma mesclagem precisa de pelo menos duas respostas.
chat-state-merge-no-instruction = Escreva o que a mesclagem deve fazer.
chat-state-attachment-preparing = Um anexo ainda está sendo preparado: envie quando ele aparecer como pronto.
chat-state-summary-no-provider = nenhum provedor está configurado
chat-state-summary-empty = o modelo não escreveu nenhum resumo
chat-state-summary-stopped = interrompido
chat-state-summary-gone = a conversa não existe mais
chat-state-summary-too-short = as mensagens anteriores são mais curtas do que qualquer resumo delas
chat-state-summarising = Resumindo as mensagens anteriores…
chat-state-summarised =
    { $count ->
        [one] Mensagens anteriores resumidas ({ $count } mensagem). Elas continuam aqui; só as solicitações enviam o resumo.
       *[other] Mensagens anteriores resumidas ({ $count } mensagens). Elas continuam aqui; só as solicitações enviam o resumo.
    }
chat-state-nothing-to-summarise = Ainda não há nada para resumir: a primeira mensagem e os últimos turnos são sempre enviados como estão.
chat-state-summary-removed = Resumo removido: as solicitações voltam a enviar as mensagens anteriores.
chat-state-first-message-too-long =
    { $estimate ->
        [one] Só a primeira mensagem já é longa demais para a janela de contexto deste modelo (cerca de { $estimate } token de { $window }), então resumir as mensagens anteriores não ajuda. Encurte-a ou escolha um modelo com uma janela maior.
       *[other] Só a primeira mensagem já é longa demais para a janela de contexto deste modelo (cerca de { $estimate } tokens de { $window }), então resumir as mensagens anteriores não ajuda. Encurte-a ou escolha um modelo com uma janela maior.
    }
chat-state-last-message-too-long =
    { $estimate ->
        [one] Só a última mensagem já é longa demais para a janela de contexto deste modelo (cerca de { $estimate } token de { $window }), então resumir as mensagens anteriores não ajuda. Encurte-a ou escolha um modelo com uma janela maior.
       *[other] Só a última mensagem já é longa demais para a janela de contexto deste modelo (cerca de { $estimate } tokens de { $window }), então resumir as mensagens anteriores não ajuda. Encurte-a ou escolha um modelo com uma janela maior.
    }
chat-state-summary-failed-sent = Não foi possível resumir as mensagens anteriores: { $why }. A conversa foi enviada por completo.
chat-state-summary-failed-unchanged = Não foi possível resumir as mensagens anteriores: { $why }. Nada foi alterado.
chat-state-provider-error-http = { $title } (HTTP { $status })

## providers

# O diálogo Provedores
providers-dialog-heading = Provedores
providers-dialog-hint = O Hearth se comunica com cada provedor diretamente deste navegador. As chaves ficam guardadas só aqui e são enviadas só ao respectivo provedor.
providers-your-providers = Seus provedores
providers-add-heading = Adicionar um provedor
providers-new-type = Tipo do novo provedor
providers-add = Adicionar provedor
# O formulário do provedor
providers-settings = Configurações do provedor
providers-type = Tipo
providers-name = Nome
providers-base-url = URL base
providers-api-version = Versão da API
providers-thinking = Raciocínio (pensar antes de responder)
providers-extra-json = JSON extra
providers-extra-json-hint = O JSON extra é mesclado por último no corpo de cada solicitação, então pode definir ou substituir qualquer campo.
providers-key-removed = A chave foi removida porque a URL base agora aponta para outro endereço. Informe a chave do novo endereço.
providers-api = API
providers-api-automatic = Automática (Responses quando o modelo precisar)
providers-api-key = Chave de API
providers-key-locked = Bloqueada
providers-key-required = Obrigatória
providers-key-optional = Opcional para servidores locais
providers-testing = Testando a conexão…
providers-test-connection = Testar conexão
providers-in-use = Em uso
providers-use = Usar este provedor
providers-delete = Excluir provedor
providers-delete-confirm = Excluir o provedor “{ $name }” e a chave dele?
providers-model-deployment = Modelo (nome da implantação)
providers-available-models = Modelos disponíveis
providers-pick-model = Escolha um modelo…
providers-default = Padrão
providers-temperature = Temperatura
providers-max-tokens = Máximo de tokens
providers-top-p = Top-p
providers-context-window = Janela de contexto (tokens)
providers-context-window-hint =
    { $tokens ->
        [one] Vazio: { $tokens } token, o padrão deste modelo. Conversas longas são compactadas antes de preenchê-la.
       *[other] Vazio: { $tokens } tokens, o padrão deste modelo. Conversas longas são compactadas antes de preenchê-la.
    }
providers-number-out-of-range = { $label } deve ser um número de 0 a { $max }, ou vazio para usar o padrão.
providers-number-not-count = { $label } deve ser um número inteiro maior que 0, ou vazio para usar o padrão.
providers-number-context-window = Janela de contexto: { $problem }
# O que o modelo lê
providers-reads-besides-text = Lê além de texto
providers-reads-as-known = Conforme conhecido
providers-reads-everything = Imagens, PDFs e áudio
providers-reads-images-pdfs = Imagens e PDFs
providers-reads-images = Imagens
providers-reads-pdfs = PDFs
providers-reads-images-audio = Imagens e áudio
providers-reads-audio = Áudio
providers-reads-text-only = Só texto
providers-this-model = Este modelo
providers-model-reads = { $model } lê { $reads }, { $reason }.
# O seletor de modelo da barra superior
providers-model-picker-title = O modelo que responde, para agentes sem modelo próprio (o de um agente: em Agentes)
# Contas de provedores e Testar conexão
providers-no-model-set = nenhum modelo definido
providers-test-fix-extra-json = Corrija primeiro o JSON extra: { $error }
providers-test-no-model = Defina o modelo primeiro: este provedor não tem lista de modelos, então o teste pede ao modelo uma resposta de uma palavra.
providers-test-stopped = O teste foi interrompido.
providers-test-answered = Conectado: o modelo respondeu.
providers-test-no-models = Conectado. O provedor não lista modelos; digite o ID do modelo.
providers-test-models-available =
    { $n ->
        [one] Conectado. { $n } modelo disponível.
       *[other] Conectado. { $n } modelos disponíveis.
    }
providers-test-model-list-unreadable = Conectado, mas não foi possível ler a lista de modelos: { $error }
# Estado de salvamento
providers-saving = Salvando…
providers-not-saved = Não salvo: { $problem }
providers-storage-not-open = o armazenamento não está aberto.
# O bloqueio das chaves de API
providers-lock-wrong-passphrase = Essa frase secreta não está correta. Nada foi alterado; tente novamente.
providers-lock-enter-passphrase = Digite uma frase secreta.
providers-lock-passphrase-too-short =
    { $min ->
        [one] Use uma frase secreta de pelo menos { $min } caractere. Nada foi alterado.
       *[other] Use uma frase secreta de pelo menos { $min } caracteres. Nada foi alterado.
    }
providers-lock-unlock-first = Desbloqueie primeiro suas chaves de API.
providers-lock-damaged = Não é possível abrir o bloqueio das chaves: { $error }. Use “Esqueceu a frase secreta?” para removê-lo.
providers-lock-server-unopened = Os valores de cabeçalho e o login do servidor MCP “{ $name }” não se abrem com esta frase secreta. Nada foi alterado.
providers-lock-crypto-failed = { $error } Nada foi alterado.
providers-lock-storage-failed = Nada foi alterado: { $error }
providers-forget-question = Remover as chaves de API bloqueadas e o bloqueio por frase secreta? A chave de API de cada provedor e os valores de cabeçalho, o segredo do cliente e o login de cada servidor MCP serão excluídos deste navegador: você os informa de novo em Provedores e Ferramentas. Conversas, agentes, ferramentas e as demais configurações dos provedores são mantidos.
providers-unlock-hint = Suas chaves de API estão bloqueadas com uma frase secreta. Digite-a para usá-las enquanto o Hearth estiver aberto.
providers-passphrase = Frase secreta
providers-unlocking = Desbloqueando…
providers-unlock = Desbloquear
providers-not-now = Agora não
providers-forgot-passphrase = Esqueceu a frase secreta?
providers-lock-passphrases-differ = As duas frases secretas são diferentes. Digite a mesma frase secreta duas vezes.
providers-lock-working = Processando…
providers-lock-removed = Bloqueio removido. As chaves de API estão armazenadas sem criptografia.
providers-lock-passphrase-changed = Frase secreta alterada.
providers-lock-set = Chaves de API bloqueadas com sua frase secreta.
providers-lock-forgotten = As chaves de API bloqueadas (e os segredos dos servidores MCP) e o bloqueio foram removidos.
providers-lock-state-off = As chaves de API estão armazenadas sem criptografia neste navegador.
providers-lock-state-locked = As chaves de API estão protegidas por uma frase secreta e bloqueadas agora.
providers-lock-state-unlocked = As chaves de API estão protegidas por uma frase secreta e desbloqueadas enquanto houver uma aba do Hearth aberta.
providers-lock-state-damaged = Não é possível abrir o bloqueio das chaves. Use “Esqueceu a frase secreta?” para removê-lo.
providers-lock-heading = Bloqueio das chaves de API
providers-lock-hint = Uma frase secreta criptografa as chaves de API armazenadas (AES-GCM, PBKDF2-SHA-256, 600.000 iterações). Ela as protege em repouso: em um perfil de navegador copiado ou em um computador compartilhado. Ela não as protege de código executado nesta página nem enquanto uma aba do Hearth estiver desbloqueada. A chave desbloqueada fica apenas na memória das abas abertas do Hearth: o Hearth pede de novo quando nenhuma estiver aberta.
providers-lock-with-passphrase = Bloquear as chaves de API com uma frase secreta
providers-change-passphrase = Alterar frase secreta
providers-remove-lock = Remover o bloqueio
providers-unlock-keys = Desbloquear chaves de API
providers-current-passphrase = Frase secreta atual
providers-new-passphrase = Nova frase secreta
providers-confirm-passphrase = Confirmar frase secreta
providers-lock-keys = Bloquear chaves de API
# O selo Offline
offline-connection = Conexão
offline-badge = Offline
offline-back-online = Online novamente
offline-description = Suas conversas, a pesquisa e as ferramentas que não precisam de rede funcionam offline; enviar exige conexão, a menos que o provedor rode neste computador.
# Uma aba cujo armazenamento foi fechado
offline-storage-closed = O armazenamento do Hearth foi fechado
offline-out-of-date = Esta aba está desatualizada
offline-storage-closed-text = O navegador fechou o armazenamento do Hearth (os dados podem ter sido apagados), então esta aba não consegue mais salvar nada. O que você vê continua aqui até você recarregar.
offline-out-of-date-text = O Hearth foi atualizado em outra aba, e a nova versão assumiu o armazenamento. Esta aba não salva mais nada, para que duas versões nunca gravem ao mesmo tempo. O que você vê continua aqui até você recarregar.
offline-reload-hearth = Recarregar o Hearth
offline-keep-reading = Continuar lendo sem salvar
# O aviso de armazenamento
offline-dismiss = Dispensar
offline-storage-upgrading = Atualizando o armazenamento do Hearth para esta versão. Com muitas conversas, isso leva alguns segundos, uma única vez.
# O aviso de atualização
offline-reload-waits-for-reply = Recarregando quando a resposta terminar…
offline-reload-waits-for-other-tab = Recarregando quando a resposta em outra aba terminar…
offline-reload-waits-for-message = Sua mensagem ainda não foi enviada: envie-a ou apague-a e o Hearth recarrega, ou descarte-a e recarregue agora.
offline-reload-waits-for-editor = Há alterações não salvas { $editor }: salve-as ou cancele-as e o Hearth recarrega, ou descarte-as e recarregue agora.
offline-reloading = Recarregando…
offline-new-version-ready = Uma nova versão do Hearth está pronta.
offline-updated-elsewhere = O Hearth foi atualizado em outra aba.
offline-updates-region = Atualizações do Hearth
offline-reload-new-version = Recarregar para usar a nova versão
offline-discard-and-reload = Descartar e recarregar
offline-cancel-reload = Cancelar recarregamento
offline-later = Mais tarde

## agents

agents-intro = Um agente é um assistente com instruções, modelo e ferramentas próprios. Novas conversas começam com o último agente com que você conversou.
agents-list-label = Seus agentes
agents-new-agent = Novo agente
# O menu de agentes da barra superior
agents-picker-title = O agente desta conversa
agents-picker-label = Agente:
agents-picker-wait = A troca de agente aguarda a resposta terminar
agents-switched-to = Mudou para { $name }
# Um agente na lista do diálogo Agentes
agents-default-model = Modelo padrão
agents-default-model-removed = Modelo padrão (a conta dele foi removida)
agents-chat = Chat
agents-kind-app = App (sem ferramentas)
agents-reset = Redefinir
agents-duplicate = Duplicar
agents-reset-agent = Redefinir { $name } para o padrão
agents-delete-agent = Excluir { $name }
agents-chat-with-agent = Conversar com { $name }
agents-edit-agent = Editar { $name }
agents-duplicate-agent = Duplicar { $name }
agents-made-copy = { $name } criado.
agents-delete-confirm = Excluir o agente “{ $name }”? As conversas que o usavam mantêm o nome dele nas respostas e continuam com o Assistente Geral.
agents-deleted = { $name } excluído.
agents-reset-confirm = Redefinir { $name } para o padrão? O prompt, o modelo e as ferramentas dele voltam a ser como eram no início.
agents-reset-done = { $name } voltou ao padrão.
agents-general-name = Assistente Geral
agents-app-builder-name = Criador de Apps
agents-app-builder-description = Cria pequenos apps web que rodam em uma prévia ao lado da conversa.
# O editor de agentes
agents-editor-name = no editor de agentes
agents-short-description = Descrição curta
agents-system-prompt-template = Modelo do prompt de sistema
agents-template-hint = Marcadores: { $placeholders } e suas seções pelo nome. { $open } e { $close } são chaves literais.
agents-unknown-placeholder = Marcador desconhecido { $placeholder } — é enviado como foi digitado
agents-save-agent = Salvar agente
agents-reset-to-default = Redefinir para o padrão
agents-kind-chat-hint = Chat: pode chamar ferramentas
agents-kind-app-hint = App: não recebe ferramentas
agents-removed-account = Conta removida (o modelo padrão responde)
agents-beyond-text = Além do texto
agents-web-search = Pesquisar na web por padrão (a própria pesquisa do provedor, com fontes)
agents-search-sites = Somente estes sites (pesquisa)
agents-effort-default = O padrão do provedor
agents-effort-low = Baixo
agents-effort-medium = Médio
agents-effort-high = Alto
agents-make-images = Criar imagens (o modelo pode responder com imagens)
agents-app-no-tools = Um agente do tipo app não recebe ferramentas: nenhuma é oferecida ao modelo dele.
agents-tool-rounds = Máximo de rodadas de ferramentas por resposta
agents-voice = Voz
agents-auto-read = Ler as respostas em voz alta quando terminarem
agents-its-voice = Voz do agente
agents-voice-placeholder = Como em Configurações → Voz (uma voz do provedor, como alloy, ou o nome de uma voz do navegador)
agents-problem-no-name = Dê um nome ao agente.
agents-problem-section-names = Corrija os nomes de seção marcados acima.
agents-problem-rounds = Informe um número inteiro de rodadas de ferramentas de 1 a 100.
agents-conflict-deleted = Este agente foi alterado em outro lugar desde que você o abriu: ele foi excluído. Salve o seu para mantê-lo, ou descarte-o.
agents-conflict-changed = Este agente foi alterado em outro lugar desde que você o abriu. Salve o seu por cima, ou descarte o seu.
agents-save-mine-anyway = Salvar o meu mesmo assim
agents-discard-mine = Descartar o meu
# As seções do prompt do agente
agents-your-sections = Suas seções
agents-sections-hint = Cada seção preenche o marcador com o nome dela: escreva { $placeholder } no modelo onde o texto dela deve entrar. Envolvida em { $tags }, uma seção deixada vazia é removida junto com as tags.
agents-unnamed = (sem nome)
agents-section-legend = Seção { $name }
agents-section-name = Nome da seção
agents-section-text = Texto da seção
agents-remove-section = Remover seção
agents-remove-section-named = Remover a seção { $name }
agents-add-section = Adicionar seção
# A prévia do prompt
agents-preview = Prévia
agents-preview-intro = O prompt de sistema com os valores de hoje, como a próxima solicitação o envia:
agents-preview-size =
    { $chars ->
        [one] { $chars } caractere
       *[other] { $chars } caracteres
    } · cerca de { $tokens } tokens
agents-no-system-message = Nenhuma mensagem de sistema é enviada.
agents-unknown-placeholder-title = Marcador desconhecido: enviado como foi digitado
# As ferramentas do agente
agents-builtin-tools = Ferramentas integradas
agents-your-tools = Suas ferramentas
agents-no-user-tools = Nenhuma ainda: você as cria no diálogo Ferramentas.
agents-imported-tool = Importada: permita-a no diálogo Ferramentas depois de revisar o código dela, antes que um agente possa chamá-la.
agents-ask-before-running = Perguntar antes de executar
agents-ask-before-running-tool = Perguntar antes de executar { $tool }
agents-mcp-server-tools = Ferramentas do servidor MCP { $server }
agents-mcp-server-off = As ferramentas dele não são oferecidas: o servidor está desativado no diálogo Ferramentas.
agents-mcp-no-tools = Nenhuma ferramenta listada ainda: use Verificar no diálogo Ferramentas.
agents-mcp-tools-cost =
    { $count ->
        [one] { $count } ferramenta escolhida: cerca de { $tokens } tokens em cada solicitação.
       *[other] { $count } ferramentas escolhidas: cerca de { $tokens } tokens em cada solicitação.
    }
agents-mcp-tools-cost-heavy =
    { $count ->
        [one] { $count } ferramenta escolhida: cerca de { $tokens } tokens em cada solicitação, mais de um décimo da janela de contexto de { $window } tokens do modelo. Escolha menos para deixar espaço para a conversa.
       *[other] { $count } ferramentas escolhidas: cerca de { $tokens } tokens em cada solicitação, mais de um décimo da janela de contexto de { $window } tokens do modelo. Escolha menos para deixar espaço para a conversa.
    }
# Atalhos de teclado
shortcuts-heading = Atalhos de teclado
shortcuts-hint = No Mac, Alt é a tecla Option. As teclas também funcionam na caixa de mensagem, exceto ? (digite-a fora dos campos de texto).
shortcuts-action = Ação
shortcuts-keys = Teclas
shortcuts-question-mark = Abra esta lista com ? (uma tecla; Ctrl+/ sempre funciona)
shortcuts-focus-composer = Focar a caixa de mensagem
shortcuts-stop = Parar a resposta
shortcuts-regenerate = Regenerar a última resposta
shortcuts-copy-last = Copiar a última resposta
shortcuts-toggle-sidebar = Mostrar ou ocultar as conversas
shortcuts-open-settings = Abrir Configurações
shortcuts-dictate = Ditar, ou parar de ditar
shortcuts-show-help = Mostrar estes atalhos
shortcuts-help-keys = ? ou Ctrl+/
shortcuts-send = Enviar a mensagem
shortcuts-new-line = Começar uma nova linha
shortcuts-attach-file = Anexar um arquivo do projeto (na caixa de mensagem)
shortcuts-no-reply = Nenhuma resposta está sendo escrita
shortcuts-wait-reply = Aguarde a resposta terminar
shortcuts-nothing-to-regenerate = Nenhuma resposta para regenerar
shortcuts-copied = Última resposta copiada
shortcuts-copy-denied = O navegador não permitiu copiar
shortcuts-nothing-to-copy = Ainda não há resposta para copiar

## tools

# Arquivos do projeto, no diálogo Ferramentas
tools-project-files-added =
    { $n ->
        [one] { $n } arquivo adicionado.
       *[other] { $n } arquivos adicionados.
    }
tools-project-files-hint = Arquivos de texto que a ferramenta Ler um arquivo do projeto pode ler. Eles ficam neste navegador.
tools-project-file-characters =
    { $count ->
        [one] { $count } caractere
       *[other] { $count } caracteres
    }
tools-project-file-remove = Remover { $name }
tools-remove = Remover
tools-add-project-files = Adicionar arquivos do projeto (.md, .txt)
# Armazenamento de ferramentas e arquivos do projeto
tools-save-failed = Não foi possível salvar a ferramenta: { $error }
tools-file-not-text = { $name } não foi adicionado: só arquivos .md e .txt (e também .markdown) podem ser arquivos do projeto.
tools-file-too-long =
    { $limit ->
        [one] { $name } não foi adicionado: ele ultrapassa o limite de { $limit } caractere.
       *[other] { $name } não foi adicionado: ele ultrapassa o limite de { $limit } caracteres.
    }
tools-file-binary = { $name } não foi adicionado: não é um arquivo de texto (contém bytes que não são texto UTF-8).
tools-file-exists = Já existe um arquivo do projeto chamado { $name } com outro conteúdo. Renomeie o arquivo ou remova antes o arquivo do projeto em Ferramentas.
tools-file-unreadable = { $name } não foi adicionado: o navegador não conseguiu lê-lo.
# O widget de ferramentas de uma resposta
tools-switched-off = O modelo chamou { $tool }, que está desativada para { $agent }, por isso ela não foi executada.
tools-switched-on = { $tool } agora está ativada para { $agent }. Regenere a resposta ou envie de novo para usá-la.
tools-waiting-for-your-approval = Aguardando sua aprovação
tools-running = Executando { $tool }…
tools-thinking = Pensando…
tools-used =
    { $n ->
        [one] { $n } ferramenta usada
       *[other] { $n } ferramentas usadas
    }
tools-switch-on = Ativar { $tool } para este agente
tools-tool-calls = Chamadas de ferramentas
tools-no-tool-used = Nenhuma ferramenta usada ainda.
# Recursos vinculados ao resultado de uma chamada
tools-link-read = Ler { $name }
tools-link-reading = Lendo { $uri }…
tools-link-attached = { $uri } está anexado à sua próxima mensagem.
tools-link-unreadable = Não foi possível ler { $uri }: { $error }
tools-link-read-title = Ler no servidor de origem e anexar o texto à sua próxima mensagem
tools-links-heading = Recursos vinculados
# Uma chamada de ferramenta aguardando aprovação
tools-approval-question-mcp = O assistente quer executar { $tool } do servidor MCP { $server } com estes argumentos:
tools-approval-question-fetch = O assistente quer executar { $tool } para buscar esta URL:
tools-approval-question = O assistente quer executar { $tool } com estes argumentos:
tools-approval-always-allow = Sempre permitir { $tool } para este agente
tools-approval-label = Aprovar a chamada de { $tool }
tools-allow = Permitir
tools-deny = Negar
tools-waiting-for-your-answer = Aguardando sua resposta
tools-ask-heading = O servidor MCP { $server } pergunta a você
tools-ask-send = Enviar resposta
tools-ask-decline = Recusar
tools-ask-fix = Algumas respostas precisam de ajuste antes de serem enviadas.
tools-ask-none = (nenhuma)
tools-ask-site = Site
tools-ask-whole-address = Endereço completo
tools-ask-open = Abrir { $host }
tools-ask-punycode = Este endereço está escrito em Punycode: ele pode imitar um site que você conhece. Confira com atenção antes de abrir.
tools-ask-required = Este campo é obrigatório.
tools-ask-too-short = Escreva pelo menos { $n } caracteres.
tools-ask-too-long = Escreva no máximo { $n } caracteres.
tools-ask-pattern = Não está no formato que o servidor pede.
tools-ask-email = Escreva um endereço de e-mail, como name@example.com.
tools-ask-uri = Escreva um endereço completo, como https://example.com.
tools-ask-date = Escreva uma data, como 2026-01-31.
tools-ask-date-time = Escreva uma data e hora, como 2026-01-31T09:30:00Z.
tools-ask-number = Escreva um número.
tools-ask-whole = Escreva um número inteiro.
tools-ask-below = Escreva { $n } ou mais.
tools-ask-above = Escreva { $n } ou menos.
tools-ask-option = Escolha uma das opções.
tools-ask-too-few = Escolha pelo menos { $n }.
tools-ask-too-many = Escolha no máximo { $n }.
# O editor de uma ferramenta do usuário
tools-tool-deleted = Esta ferramenta foi excluída.
tools-editor-name = no editor de ferramentas
tools-saved-not-offered = Salva, mas não é oferecida ao modelo até ser corrigida: { $error }
tools-editor = Editor de ferramentas
tools-description = Descrição
tools-description-placeholder = Conta as palavras de um texto.
tools-parameters = Parâmetros (JSON Schema)
tools-javascript = JavaScript (o corpo de uma função assíncrona de args)
tools-uses-network = Usa a rede
tools-uses-network-hint = Permite que o código busque dados na internet. Nesse caso, as chamadas perguntam antes de executar, a menos que você as permita. Sem isso, a rede fica fechada para o código.
tools-save-tool = Salvar ferramenta
tools-delete-tool = Excluir ferramenta
tools-intro = Suas próprias ferramentas, e os arquivos do projeto que a ferramenta de leitura de arquivos lê, são compartilhados por todos os agentes. As ferramentas rodam neste navegador; o JavaScript roda em uma sandbox sem acesso aos dados do Hearth. Quais ferramentas um agente pode chamar, e quais delas perguntam antes de executar, é definido no agente.
tools-open-agents = Abrir Agentes
tools-none-yet = Nenhuma ainda. Uma ferramenta é um nome, uma descrição, um JSON Schema dos argumentos e um JavaScript que os recebe como args.
tools-allow-imported = Permitir a ferramenta importada { $tool }
tools-edit-tool = Editar { $tool }
tools-imported-note = Importada: não é oferecida ao modelo até você revisar o código dela (Editar) e permiti-la.
tools-new-tool = Nova ferramenta
# Uma chamada no widget
tools-status-waiting = Aguardando aprovação
tools-status-running = Executando…
tools-status-not-run = Não executada
tools-error = Erro
tools-status-done = Concluída
tools-call-progress = Progresso de { $tool }
tools-result = Resultado
tools-call-copy = Copiar a chamada de { $tool }
tools-arguments = Argumentos
tools-call-duration-ms = { $ms } ms
tools-call-duration-seconds = { $seconds } s
# Imagens e sons retornados por uma ferramenta
tools-media-image-not-shown = Uma imagem do tipo { $mime }, não exibida.
tools-media-file-not-shown = Um arquivo do tipo { $mime }, não exibido.
tools-media-image-label = Imagem { $number } retornada por { $tool }
tools-media-sound-label = Som { $number } retornado por { $tool }
tools-media-image-gone = A imagem não está mais armazenada.
tools-media-sound-gone = O som não está mais armazenado.
# Ditado, abaixo da caixa de mensagem
voice-asking-for-microphone = Pedindo acesso ao microfone…
voice-listening = Ouvindo (reconhecimento do navegador). Pare, ou faça uma pausa na fala, para colocar as palavras na caixa de mensagem.
voice-recording = Gravando. Pare, ou faça uma pausa na fala, para colocar as palavras na caixa de mensagem.
voice-transcribing = Convertendo a fala em texto…
voice-not-loaded-retry = Não foi possível carregar a voz (a conexão caiu?); pressione o botão do microfone para tentar novamente.
voice-heard = Ouvido: { $words }
voice-microphone-level = Nível do microfone
voice-time-recorded = Tempo gravado
voice-keep-as-note = Manter como nota de voz
voice-try-again = Tentar novamente
# Carregamento do código de voz
voice-note-not-loaded = Sem transcrição: não foi possível carregar a voz ({ $error }).
voice-not-loaded = Não foi possível carregar a voz: { $error }
# Uma conversa por voz em tempo real
voice-talk-connecting = Conectando a { $name }…
voice-talk-answering = { $name } está respondendo. Fale para interromper.
voice-talk-hands-free = Conversando com { $name }: fale quando quiser.
voice-talk-hold = Conversando com { $name }: mantenha “Segure para falar” pressionado enquanto fala.
voice-talk-you = Você: { $words }
voice-hands-free = Mãos livres
voice-hold-to-talk = Segure para falar
voice-end-talk = Encerrar conversa por voz
# Por que uma conversa por voz não começou ou terminou
voice-talk-microphone-gone = O microfone sumiu (foi desconectado ou a permissão foi retirada); o que foi dito é mantido.
voice-talk-choose-model = Escolha primeiro um modelo para esta conversa: Falar usa a conta dele.
voice-talk-keys-locked = As chaves de API estão bloqueadas; desbloqueie-as para falar.
voice-talk-unsupported-account = Falar funciona com uma conta Gemini (a Live API) ou OpenAI (a Realtime API); { $name } não é nenhuma das duas. Mude esta conversa para um dos modelos delas para falar.
voice-talk-gemini-refused = Este navegador se recusou a conectar à Live API do Gemini.
voice-talk-no-secret = A resposta da OpenAI não trouxe nenhum segredo de sessão; tente novamente em instantes.
voice-talk-call-lost = A chamada com a OpenAI caiu (a rede, ou a OpenAI a encerrou); o que foi dito é mantido.
voice-talk-call-refused = Este navegador não conseguiu fazer a chamada ({ $error }); tente novamente ou fale em outro navegador.
voice-talk-answer-unusable = A resposta da OpenAI à chamada não pôde ser usada ({ $error }); tente novamente em instantes.
voice-talk-no-realtime = Esta conta não oferece a Realtime API (ela respondeu: { $answer }). Falar funciona com a própria OpenAI e com o Gemini.
voice-talk-call-refused-by-openai = A OpenAI recusou a chamada: { $answer }
# Leitura em voz alta e transcrição
voice-stopped = Foi interrompido.
voice-no-answer-minute = Nenhuma resposta chegou em um minuto.
voice-no-answer-three-minutes = Nenhuma resposta chegou em três minutos.
# Transcrições de notas de voz
voice-note-browser-recognition = Sem transcrição: o reconhecimento próprio do navegador só ouve o microfone. Para transcrever notas de voz, escolha uma conta para ditado em Configurações → Voz.
voice-note-no-account = Sem transcrição: escolha uma conta para ditado em Configurações → Voz para transcrever notas de voz.
voice-note-no-transcript = Sem transcrição: { $why }
voice-note-nothing-heard = Sem transcrição: nenhuma palavra foi ouvida nela.
voice-note-stopped = Sem transcrição: foi interrompida.
# Problemas com ditado ou leitura em voz alta
voice-settings-unreadable = Não foi possível ler as configurações de voz: { $error }
voice-no-dictation-account = Escolha quem converte sua fala em texto em Configurações → Voz; nada foi gravado.
voice-no-reading-account = Escolha a conta que lê em voz alta em Configurações → Voz.
voice-dictation-account-gone = A conta escolhida para ditado não existe mais; escolha outra em Configurações → Voz.
voice-reading-account-gone = A conta escolhida para leitura em voz alta não existe mais; escolha outra em Configurações → Voz.
voice-keys-locked-dictation = As chaves de API estão bloqueadas; desbloqueie-as para ditar.
voice-keys-locked-reading = As chaves de API estão bloqueadas; desbloqueie-as para ler em voz alta.
voice-no-device-model = O navegador não conseguiu obter o modelo de fala para { $language } para reconhecer a fala neste dispositivo (ele o baixa do fabricante na primeira vez). Nada foi gravado; escolha uma conta em Configurações → Voz ou tente novamente online.
voice-microphone-gone = O microfone sumiu; o que foi gravado até então está na caixa de mensagem.
voice-nothing-heard = Nada foi ouvido na gravação.
voice-not-kept = Não foi possível manter a gravação como nota de voz (este navegador não conseguiu armazená-la).
voice-not-transcribed = Não foi possível converter a gravação em texto: { $why } Ela foi mantida: Tentar novamente a envia mais uma vez.
voice-cancelled = Interrompido antes de as palavras voltarem. A gravação foi mantida: Tentar novamente a envia mais uma vez.
voice-nothing-to-read = Esta resposta não tem nada para ler em voz alta (só código, fórmulas ou imagens).
voice-no-browser-voice = Este navegador não tem vozes próprias; escolha a voz do provedor em Configurações → Voz.
voice-browser-would-not-speak = O navegador não quis falar.
voice-not-spoken = Não foi possível ler a resposta em voz alta: { $why }
voice-getting-device-model = Obtendo o modelo de fala do navegador para { $language }…

## mcp

# Servidores MCP (Ferramentas), o diálogo "Prompts e recursos", a prévia de apps, backups e importações
mcp-servers = Servidores MCP
mcp-servers-hint = Ferramentas de servidores que falam o Model Context Protocol por HTTP. Este navegador se conecta diretamente a eles, então o servidor precisa permitir a origem desta página (CORS). Um agente oferece as ferramentas deles depois que você as escolhe no agente, e cada chamada pergunta antes até você permitir.
mcp-servers-none = Nenhum ainda.
mcp-status-sealed-elsewhere = Os valores de cabeçalho protegidos e o login dele não se abrem com esta frase secreta. Remova o servidor e adicione-o de novo.
mcp-status-not-reached = Não contatado desde que a página carregou. Verificar faz a conexão.
mcp-status-connecting = Conectando…
mcp-status-failed = Falhou: { $error }
mcp-status-signing-in = Fazendo login: conclua na janela que se abriu.
mcp-offer-tools-of = Oferecer as ferramentas de { $server }
mcp-offer-its-tools = Oferecer as ferramentas dele
mcp-unlock-to-use = Desbloquear para usar { $server }
mcp-check-server = Verificar { $server }
mcp-check = Verificar
mcp-sign-in-again-to = Fazer login novamente em { $server }
mcp-sign-in-to = Fazer login em { $server }
mcp-sign-in-again = Fazer login novamente
mcp-sign-in = Fazer login
mcp-sign-out-of = Sair de { $server }
mcp-sign-out = Sair
mcp-remove-server = Remover { $server }
mcp-tool-count =
    { $count ->
        [one] { $count } ferramenta
       *[other] { $count } ferramentas
    }
mcp-tools-tokens =
    { $tokens ->
        [one] Juntas, elas adicionam cerca de { $tokens } token a cada solicitação de um agente que as oferece.
       *[other] Juntas, elas adicionam cerca de { $tokens } tokens a cada solicitação de um agente que as oferece.
    }
mcp-copy-headers = Copiar os cabeçalhos de que { $server } precisa
mcp-doctor-advice = O que fazer com { $server }
mcp-server-not-saved = Não foi possível salvar o servidor MCP: { $error }
mcp-server-stored-sealed = o valor de cabeçalho ou o login dele só é armazenado protegido: desbloqueie primeiro suas chaves de API
# O formulário que adiciona um servidor MCP
mcp-enter-address = Informe o endereço do servidor.
mcp-enter-http-address = Informe um endereço http:// ou https://, como https://example.com/mcp.
mcp-header-value-locked = Desbloqueie primeiro suas chaves de API: com o bloqueio das chaves ativado, um valor de cabeçalho só é armazenado protegido por elas.
mcp-add-server-form = Adicionar um servidor MCP
mcp-server-url = URL do servidor
mcp-server-name-hint = A primeira parte dos nomes das ferramentas dele. O host, se ficar vazio.
mcp-header-name = Nome do cabeçalho (opcional)
mcp-header-value = Valor do cabeçalho
mcp-header-value-hint = Enviado em cada solicitação somente a este servidor, como a chave de um provedor.
mcp-sign-in-client = Cliente de login (opcional)
mcp-sign-in-client-hint = Só para um servidor cujo login não registra o próprio Hearth: o ID do cliente (e o segredo) que o responsável pelo servidor forneceu a você.
mcp-oauth-client-id = ID do cliente OAuth
mcp-oauth-client-secret = Segredo do cliente OAuth
mcp-oauth-client-secret-hint = Enviado só ao login do servidor, nunca em um backup.
mcp-add-server = Adicionar servidor
# O diálogo "Prompts e recursos" do compositor
mcp-prompts-and-resources = Prompts e recursos
mcp-prompts-and-resources-title = Prompts e recursos dos seus servidores MCP
mcp-picker-hint = Um prompt vai para a caixa de mensagem, para você ler e alterar antes de enviar. Um recurso é anexado à sua próxima mensagem, com o texto que tem agora.
mcp-picker-no-server = Nenhum servidor MCP está ativado. Adicione um em Ferramentas.
mcp-asking-server = Consultando o servidor…
mcp-offers-nothing = Ele não oferece prompts nem recursos.
mcp-prompts = Prompts
mcp-resources = Recursos
mcp-prompts-of = Prompts de { $server }
mcp-resources-of = Recursos de { $server }
mcp-getting-prompt = Obtendo o prompt { $prompt }…
mcp-prompt-parts-left-out =
    { $count ->
        [one] O prompt { $prompt } também tem { $count } imagem, som ou arquivo que não pode entrar em uma mensagem; ele foi deixado de fora.
       *[other] O prompt { $prompt } também tem { $count } imagens, sons ou arquivos que não podem entrar em uma mensagem; eles foram deixados de fora.
    }
mcp-reading-resource = Lendo { $uri }…
mcp-resource-parts-left-out =
    { $count ->
        [one] { $uri }: a { $count } parte binária dele foi deixada de fora (só o texto é anexado).
       *[other] { $uri }: as { $count } partes binárias dele foram deixadas de fora (só o texto é anexado).
    }
mcp-prompt-form = O prompt { $prompt }
mcp-fill-in = Preencha { $fields }.
mcp-insert = Inserir
mcp-back = Voltar
mcp-argument-required = { $argument } (obrigatório)
mcp-resource-form = O recurso { $resource }
mcp-template-unusable = Este modelo não pode ser usado: { $error }.
mcp-template-address = Endereço:
mcp-attach = Anexar
# Por que um servidor MCP não pôde ser usado
mcp-failure-unreachable = Não foi possível contatar o servidor ({ $detail }). Verifique o endereço, se o servidor está em execução e se ele permite a origem desta página (CORS).
mcp-failure-redirected = O servidor respondeu com um redirecionamento, que o Hearth não segue (seus cabeçalhos vão só para o endereço que você definiu). Use o endereço para o qual ele redireciona.
mcp-failure-more-access = O servidor quer mais acesso do que seu login concedeu. Faça login novamente em Ferramentas, Servidores MCP.
mcp-failure-sign-in = O servidor quer que você faça login: use Fazer login em Ferramentas, Servidores MCP.
mcp-failure-refused = O servidor recusou o acesso (HTTP 401/403). Verifique os cabeçalhos dele (uma chave de API?). { $body }
mcp-failure-status = O servidor respondeu HTTP { $status }. { $body }
mcp-failure-rpc = O servidor respondeu com um erro ({ $code }): { $message }
mcp-failure-not-mcp = A resposta do servidor não é MCP: { $reason }.
mcp-failure-no-answer = O servidor encerrou a resposta sem um resultado.
mcp-failure-stopped = Interrompido pelo usuário.
mcp-code-not-loaded = Não foi possível carregar o código MCP do Hearth ({ $why }).
mcp-failure-timed-out =
    { $seconds ->
        [one] O servidor ficou { $seconds } segundo sem responder.
       *[other] O servidor ficou { $seconds } segundos sem responder.
    }
mcp-failure-gone = O servidor encerrou a sessão.
mcp-failure-prompt = O prompt não pode ser usado: { $error }.
mcp-failure-resource = O recurso não pode ser anexado: { $error }.
mcp-failure-removed = O servidor MCP não está mais em Ferramentas.
mcp-failure-switched-off = O servidor MCP está desativado em Ferramentas.
mcp-failure-locked = Os valores de cabeçalho e o login dele estão protegidos pela frase secreta das suas chaves de API: desbloqueie suas chaves de API para usar este servidor.
mcp-sign-in-failed = Falha no login: { $error }.
mcp-sign-in-unreachable = Falha no login: { $what } em { $url } não respondeu a esta página. Ele pode estar fora do ar ou não permite páginas de navegador (CORS); nesse caso, nenhum cliente de navegador consegue fazer login nele: peça ao responsável que permita esta origem.
mcp-sign-in-no-metadata = Falha no login: o servidor não publica { $what }.
mcp-sign-in-locked = Desbloqueie primeiro suas chaves de API: com o bloqueio das chaves ativado, um login só é armazenado protegido por elas.
mcp-what-registration-endpoint = o endpoint de registro
mcp-what-token-endpoint = o endpoint de token
mcp-what-server-metadata = os metadados do servidor de autorização
## An MCP App's view in a reply's tool widget (src/mcp/mcp_app.rs, mcp_app/, src/mcp/state/app_host.rs)
# The view's region name; $tool is the tool's name, $server the MCP server's
mcp-app-label = App de { $tool } de { $server }
# Stands for the server's name when the server was removed from Hearth
mcp-app-server-removed = um servidor que foi removido
# The accessible name of the view's frame
mcp-app-frame-title = App de { $tool }
mcp-app-close = Fechar app
mcp-app-show = Mostrar app
mcp-app-show-again = Mostrar app de novo
mcp-app-closed = O app está fechado.
# $origins is a list of web origins, such as https://unpkg.com
mcp-app-reaches = Depois de mostrado, este app pode se conectar a { $origins }.
# $why says why, in the words of Hearth's core (English)
mcp-app-failed = Não é possível mostrar o app: { $why }
mcp-app-missing = Este dispositivo não tem a página do app.
# $server is the MCP server's name
mcp-app-fetch = Buscar em { $server }
mcp-app-missing-removed = Este dispositivo não tem a página do app, e o servidor dele foi removido.
# A question: the view asks to call one of its server's tools
mcp-app-asks-to-run = O app pede para executar { $tool } em { $server }
mcp-app-run = Executar
mcp-app-run-always = Executar e, daqui em diante, sempre permitir { $tool } para este app
mcp-app-dont-run = Não executar
mcp-app-asks-to-open = O app pede para abrir uma página
# $host is the site's host name, such as example.com
mcp-app-open-link = Abrir { $host }
mcp-app-dont-open = Não abrir
mcp-app-call-not-run = { $tool } não foi executada.
# $error is why, already a sentence
mcp-app-call-failed = { $tool } falhou: { $error }
mcp-app-draft = O app colocou uma mensagem na sua caixa de mensagem. Envie se quiser.
mcp-app-draft-left-out =
    { $count ->
        [one] O app colocou uma mensagem na sua caixa de mensagem ({ $count } parte que não é texto foi deixada de fora). Envie se quiser.
       *[other] O app colocou uma mensagem na sua caixa de mensagem ({ $count } partes que não são texto foram deixadas de fora). Envie se quiser.
    }
mcp-app-flooded = O app enviou mais mensagens do que o Hearth lê; o restante foi descartado.
mcp-app-unreadable = O app enviou uma mensagem que o Hearth não consegue ler; ela foi descartada.
mcp-app-call-refused = O app pediu para chamar { $tool }, que não está entre as ferramentas que o servidor dele permite que apps chamem; o pedido foi recusado.
mcp-app-link-refused = O app pediu para abrir { $url }, que não é um endereço web; o pedido foi recusado.
mcp-app-empty-message = O app enviou uma mensagem sem texto; ela foi recusada.
# $method is a protocol method's name, such as ui/open-link
mcp-app-invalid = O app pediu { $method } com parâmetros que esse método não aceita; o pedido foi recusado.
mcp-app-not-sandboxed = O quadro do app não estava em uma sandbox, então ele não executou nada.
mcp-app-restarted = O app substituiu a página dele, então foi interrompido. Mostre-o de novo para iniciá-lo do zero.
mcp-app-newer = Este app foi guardado por uma versão mais nova do Hearth, que o mostra.
# A prévia de apps
apps-show-version = Mostrar a versão { $version } do app
apps-preview-heading = Prévia do app · versão { $version } de { $count }
apps-frame-title = Prévia do app, versão { $version }
apps-tab-title = App, versão { $version }
apps-new-tab-failed = Não foi possível abrir o app em uma nova aba: { $reason }.
apps-download-failed = Não foi possível baixar o app: { $reason }.
apps-reload-app = Recarregar app
apps-reload = Recarregar
apps-open-in-new-tab = Abrir app em uma nova aba
apps-new-tab = Nova aba
apps-download-app = Baixar app
apps-download-app-title = Baixar app como arquivo HTML
apps-block-network = Bloquear rede
apps-allow-network = Permitir rede
apps-block-network-for-app = Bloquear a rede para este app
apps-allow-network-for-app = Permitir a rede para este app
apps-close-preview = Fechar prévia
apps-network-allowed = Rede permitida para este app.
apps-runs-offline = Roda offline em uma sandbox: sem rede e sem acesso aos dados do Hearth.
apps-allow-network-confirm = Permitir que este app use a rede? Ele poderá carregar arquivos da internet e enviar o que você digitar nele para qualquer servidor. Os dados e as chaves do Hearth continuam fora do alcance dele. Isso vale para todas as versões do app nesta conversa.
apps-error-not-sent = O erro não foi enviado: aguarde a resposta terminar.
apps-error-reported = O app relatou um erro: { $error }
apps-show-preview = Mostrar prévia do app
apps-did-not-run = O app não foi executado: { $reason }.
apps-cannot-run = O app não pode ser executado: { $reason }.
apps-errors-heading = Erros no app
apps-error-on-line = Linha { $line }: { $error }
apps-error-source = Em:
apps-send-error = Enviar este erro ao agente
# Backups e importações
store-no-storage-export = O armazenamento não está disponível, então não há nada para exportar.
store-no-storage-import = O armazenamento não está disponível, então nada pode ser importado.
store-no-storage = O armazenamento não está disponível.
store-nothing-imported = Nada foi importado: { $why }
store-import-bad-backup = Nada foi importado: { $error }.
store-knowledge-failed = Não foi possível ler ou gravar as bases de conhecimento: { $error }.
store-knowledge-summary = Bases de conhecimento: { $bases }, com { $files } arquivos (lidos novamente aqui; o que já está aqui fica como está)
store-import-not-text = Nada foi importado: o arquivo não é texto, um backup nem um .zip
store-import-unrecognised = Nada foi importado: este arquivo não é um backup do Hearth nem uma exportação do ChatGPT. { $reason }
store-import-changed-meanwhile = Nada foi importado: os dados armazenados mudaram enquanto a revisão estava aberta (em outra aba). Importe o arquivo de novo para ver o que ele mudaria agora.
store-import-damaged-attachment = Nada foi importado: uma imagem ou um PDF do arquivo está danificado (os bytes não correspondem à impressão digital).
store-too-large-for-zip = a conversa é grande demais para um zip
store-zip-no-conversations = o .zip não tem conversations.json, então não é uma exportação do ChatGPT
store-conversations-not-text = o conversations.json dele não é texto
store-cannot-unpack-zip = este navegador não consegue descompactar arquivos .zip; descompacte-o e escolha conversations.json
store-entry-cut-short = { $file } está truncado
store-entry-too-large = { $file } é grande demais para importar
store-entry-longer-than-declared = { $file } está danificado (descompactado, fica maior do que declara)
store-entry-damaged = { $file } está danificado
store-entry-checksum = { $file } está danificado (a soma de verificação não confere)
store-entry-method = { $file } está compactado de um jeito que o Hearth não consegue descompactar ({ $method })
store-exported =
    Backup exportado: { $conversations ->
        [one] { $conversations } conversa
       *[other] { $conversations } conversas
    }, { $messages ->
        [one] { $messages } mensagem
       *[other] { $messages } mensagens
    }.
store-exported-with-attachments =
    Backup exportado: { $conversations ->
        [one] { $conversations } conversa
       *[other] { $conversations } conversas
    }, { $messages ->
        [one] { $messages } mensagem
       *[other] { $messages } mensagens
    }, { $attachments ->
        [one] { $attachments } anexo
       *[other] { $attachments } anexos
    }.
store-import-backup-heading = Importar este backup?
store-import-chatgpt-heading = Importar estas conversas do ChatGPT?
store-chatgpt-changed = Alterado no caminho: { $changes }.
store-chatgpt-skipped = Não importado do ChatGPT: { $skipped }.

## settings

# Configurações → Sincronização
sync-heading = Sincronização
sync-intro = Sincronize suas conversas, agentes, configurações e bases de conhecimento entre dispositivos por meio do seu próprio servidor CouchDB. As chaves de API nunca são sincronizadas. O guia mostra como configurar um servidor.
sync-knowledge-held-hint = Ele é recebido de novo quando o Hearth iniciar outra vez.
sync-server-address = Endereço do servidor
sync-database = Banco de dados
sync-user-name = Nome de usuário
sync-password = Senha
sync-encrypt-check = Criptografar de ponta a ponta com uma frase secreta de sincronização
sync-passphrase = Frase secreta de sincronização
sync-passphrase-hint = Use a mesma frase secreta em todos os dispositivos. Assim, o servidor armazena apenas documentos criptografados; uma frase secreta perdida não pode ser recuperada, e a cópia do servidor continua ilegível.
sync-start = Iniciar sincronização
sync-stop = Parar sincronização
sync-check-server = Verificar servidor
sync-unlock-keys-first = Desbloqueie primeiro suas chaves de API: o bloqueio das chaves também protege a senha de sincronização.
sync-enter-address-and-database = Informe o endereço do servidor e o nome do banco de dados.
sync-address-scheme = O endereço começa com https:// (ou http:// para um servidor nesta máquina).
sync-type-passphrase = Digite a frase secreta de sincronização: ela criptografa tudo antes de sair deste dispositivo.
# A linha de progresso
sync-off = A sincronização está desativada.
sync-starting = Iniciando…
sync-other-tab = Outra aba do Hearth está sincronizando; esta a acompanha.
sync-syncing = Sincronizando…
sync-live = Em dia; as alterações de qualquer lado são sincronizadas assim que acontecem.
sync-retrying = { $why }. Nova tentativa em { $time }.
sync-last-synced = Última sincronização em { $time }.
sync-changes-waiting =
    { $n ->
        [one] { $n } alteração aguarda envio.
       *[other] { $n } alterações aguardam envio.
    }
# Resultados de Verificar servidor
sync-finding-works = Funciona:
sync-finding-warning = Aviso:
sync-finding-problem = Problema:
sync-checking-server = Verificando o servidor…
sync-server-check-list = Verificação do servidor
sync-check-code-not-loaded = O código da verificação não carregou ({ $error }).
# Campos alterados em dois dispositivos
sync-value-empty = (vazio)
sync-shown-now = Exibido agora:
sync-other-devices-value = O do outro dispositivo:
sync-keep-shown = Manter o exibido
sync-keep-other = Manter o do outro dispositivo
sync-conflicts-heading = Alterado em dois dispositivos
sync-conflicts-hint = Os dois dispositivos alteraram estes itens ao mesmo tempo. Escolha o que manter; o outro é descartado.
sync-conflicts-list = Conflitos a resolver
# Documentos retidos em vez de sincronizados
sync-unreadable-heading = Mantidos sem leitura
sync-unreadable-hint = Esta versão do Hearth não consegue ler estes documentos. Eles continuam no servidor e em todos os dispositivos como estão; nada aqui os exclui ou altera.
sync-unreadable-list = Documentos que esta versão não consegue ler
sync-refused-heading = Não sincronizados
sync-refused-hint = O servidor recusou estes documentos. Eles continuam neste dispositivo; todo o resto é sincronizado.
sync-refused-list = Documentos que o servidor recusou
sync-held-why = Motivo: { $why }.
sync-held-what-now = O que fazer: { $hint }
# Início da sincronização
sync-on-type-passphrase = A sincronização está ativada, com criptografia de ponta a ponta: digite a frase secreta de sincronização e pressione Iniciar sincronização.
sync-code-not-loaded = O código de sincronização não carregou ({ $error }).
# Criptografia de ponta a ponta
sync-wrong-passphrase = Essa frase secreta de sincronização não abre os documentos deste banco de dados. Digite a frase secreta que você escolheu no primeiro dispositivo (uma frase secreta perdida não pode ser recuperada: a cópia do servidor continua ilegível).
sync-encryption-check-damaged = Não é possível ler a verificação de criptografia do banco de dados ({ $why }).
sync-bad-iv = um IV inválido
sync-encryption-check-refused = o servidor recusou a verificação de criptografia (status { $status })
sync-encryption-check-answered = o servidor respondeu { $status } à verificação de criptografia
# Por que a sincronização parou ou aguarda
sync-settings-unreadable = Não é possível ler as configurações de sincronização: informe-as de novo.
sync-no-storage = O armazenamento não está disponível neste navegador, então não há nada para sincronizar.
sync-unlock-keys-then-start = Desbloqueie suas chaves de API e pressione Iniciar sincronização: o bloqueio das chaves protege a senha de sincronização.
sync-type-passphrase-to-start = Digite a frase secreta de sincronização para começar.
sync-storage-failed = O armazenamento deste dispositivo falhou.
sync-storage-failed-why = O armazenamento deste dispositivo falhou: { $why }
sync-database-encrypted = Este banco de dados tem criptografia de ponta a ponta: ative a criptografia e digite a frase secreta de sincronização dele.
sync-offline = Offline, ou o servidor não respondeu ({ $detail })
sync-redirected = O servidor respondeu com um redirecionamento, que o Hearth não segue: use o endereço para o qual ele redireciona
sync-records-kept-changing = Os registros continuaram mudando enquanto a sincronização os gravava
sync-refused-credentials = O servidor recusou o nome de usuário ou a senha ({ $what }). Verifique-os em Configurações → Sincronização.
sync-refused-access = Este usuário não pode usar esse banco de dados ({ $what }). Peça ao administrador que o adicione aos membros do banco de dados.
sync-refused-access-reason = Este usuário não pode usar esse banco de dados ({ $what }: { $reason }). Peça ao administrador que o adicione aos membros do banco de dados.
sync-refused-no-database = O banco de dados não existe ({ $what }). Crie-o primeiro no servidor.
sync-server-answered = { $what }: o servidor respondeu { $status } { $reason }
sync-answer-unreadable = não foi possível ler a resposta do servidor ({ $error })
sync-changes-unreadable = não foi possível ler as alterações do servidor ({ $error })
sync-documents-unreadable = não foi possível ler os documentos do servidor ({ $error })
sync-doing-opening-database = abrindo o banco de dados
sync-doing-reading-checkpoint = lendo um ponto de verificação
sync-doing-writing-checkpoint = gravando um ponto de verificação
sync-doing-comparing-revisions = comparando revisões
sync-doing-checking-encryption = verificando se o banco de dados tem criptografia de ponta a ponta
sync-doing-sending-changes = enviando alterações
sync-doing-reading-changes = lendo alterações
sync-doing-fetching-changes = buscando alterações
sync-doing-fetching-attachments = buscando anexos
# Configurações
settings-reading-file = Lendo o arquivo…
settings-review-import = Revise a importação.
settings-import-cancelled = Importação cancelada. Nada foi alterado.
settings-import-progress = Progresso da importação
settings-import-reading = Lendo o arquivo: { $done } de { $total } registros
settings-import-writing = Gravando: { $done } de { $total } mensagens
settings-confirm-delete-all = Excluir todas as conversas, bases de conhecimento, configurações e chaves deste navegador?
settings-all-data-deleted = Todos os dados foram excluídos.
settings-auto-title = Gerar títulos de conversa com o modelo
settings-stall-timeout = Desistir de uma resposta após este número de segundos sem dados
settings-stall-timeout-invalid = Informe um número inteiro de segundos de 1 a 3600.
settings-backup-heading = Backup
settings-backup-hint = Tudo fica neste navegador. Um arquivo de backup restaura tudo aqui ou em outro navegador.
settings-include-keys = Incluir as chaves de API no backup
settings-export-backup = Exportar backup
settings-import-file = Importar um backup ou uma exportação do ChatGPT (.zip ou conversations.json)
settings-danger-zone = Zona de perigo
settings-delete-all = Excluir todos os dados
# O diálogo de revisão da importação
settings-import-will = Nada foi alterado ainda. A importação vai:
settings-import-confirm = Importar
# Hosts de imagens
settings-image-hosts = Carregar imagens automaticamente destes hosts
settings-image-hosts-none = nenhum
settings-image-hosts-hint = Separe os hosts com espaços, por exemplo: upload.wikimedia.org. Imagens de outros hosts aguardam o botão “Load image”.
settings-not-a-host = Não é um nome de host: { $hosts }. Nada foi alterado.
# Conversas longas
settings-long-conversations = Conversas longas
settings-long-conversations-hint = Quando uma conversa preenche a janela de contexto do modelo, os turnos mais antigos são resumidos. A primeira mensagem e os últimos turnos são enviados como estão; todas as mensagens continuam armazenadas e exibidas.
settings-compact-at = Compactar em (% da janela de contexto)
settings-keep-last-turns = Manter os últimos N turnos literalmente
settings-summarise-with = Resumir com
settings-own-model = O modelo da conversa
# Armazenamento
settings-storage = Armazenamento
settings-storage-counting = Imagens e PDFs: contando…
settings-storage-attachments =
    { $n ->
        [one] Imagens e PDFs: { $n } arquivo, { $size }.
       *[other] Imagens e PDFs: { $n } arquivos, { $size }.
    }
settings-storage-browser = Este navegador: o Hearth usa { $used } dos { $quota } que pode usar ({ $share }%).
settings-voice-hint = O ditado só grava enquanto o botão do microfone está pressionado e envia a gravação para a conta ou o serviço escolhido aqui, e para nenhum outro lugar; o navegador deste dispositivo a mantém aqui.
settings-dictation-with = Converter fala em texto com
settings-dictation-off = Ninguém ainda (o ditado está desativado)
settings-dictation-browser-service = O serviço de fala deste navegador (sua voz vai para o fabricante do navegador, como o Google)
settings-dictation-device = Este navegador, neste dispositivo
settings-dictation-device-available = Este navegador, neste dispositivo (sua voz fica aqui)
settings-dictation-device-downloadable = Este navegador, neste dispositivo (sua voz fica aqui; ele baixa primeiro o modelo de fala)
settings-dictation-device-unavailable = Este navegador, neste dispositivo (não para este idioma)
settings-dictation-device-none = Este navegador, neste dispositivo (este navegador não consegue)
settings-transcription-model = Modelo de transcrição
settings-language-spoken = Idioma falado (como en ou de; em branco: qualquer um)
settings-read-aloud-with = Ler as respostas em voz alta com
settings-read-aloud-browser = As vozes deste navegador (neste dispositivo)
settings-read-aloud-account = A API de fala de uma conta (ela recebe o texto da resposta)
settings-speech-account = Conta de fala
settings-choose-account = Escolha uma conta
settings-speech-model = Modelo de fala
settings-voice-name = Voz (em branco: a padrão)
settings-voice-browser-default = a do navegador
settings-speed = Velocidade
settings-voice-speed = { $speed }×
settings-talk-model = Modelo de conversa por voz (em branco: o da família)

composer-more-options = Mais opções

tools-builtin-current-time = Hora atual
tools-builtin-calculator = Calculadora
tools-builtin-fetch-url = Buscar uma URL
tools-builtin-search-conversations = Pesquisar minhas conversas
tools-builtin-read-project-file = Ler um arquivo do projeto
tools-builtin-run-javascript = Executar JavaScript
chat-compare-recipe-combine = Combinar em uma resposta
chat-compare-recipe-table = Comparar em uma tabela
chat-compare-recipe-own = Minha própria instrução
providers-inputs-from-user = conforme definido em Provedores
providers-inputs-from-model-list = conforme a lista de modelos do provedor
providers-inputs-from-refusal = o provedor recusou antes
providers-inputs-from-documentation = conforme a documentação do provedor
language-held = Não recarregado agora: uma resposta ainda está chegando ou há uma mensagem não enviada. O idioma será aplicado na próxima vez que o Hearth abrir, ou pressione Aplicar de novo quando terminarem.

## Knowledge bases (the Knowledge dialog, an agent's bases, a reply's passages, the viewer)

knowledge-top = Conhecimento
knowledge-hint = Bases de conhecimento são seus arquivos, lidos e pesquisados neste navegador. Um agente com uma base recebe os trechos que melhor correspondem a cada pergunta, com as fontes deles, e pode pesquisar de novo. Só esses trechos vão com a sua pergunta; uma base com embeddings também envia os trechos dela ao modelo de embeddings que você escolher.
knowledge-none = Nenhuma base de conhecimento ainda.
knowledge-new = Nova base de conhecimento
knowledge-new-placeholder = Nome, como Manual
knowledge-make = Criar
knowledge-add-files = Adicionar arquivos
knowledge-add-folder = Adicionar uma pasta
knowledge-words-only = Só pesquisa por palavras (sem embeddings)
knowledge-use = Usar
knowledge-start-embedding = Gerar embeddings
knowledge-carry-hint = Os outros dispositivos, e o navegador em que um backup for restaurado, passam a usá-los em vez de gerar os embeddings dos arquivos de novo.
knowledge-read-again = Ler novamente
knowledge-waiting = Aguardando leitura
knowledge-failed = Falhou
knowledge-binary = Ignorado: não é texto, diga o nome o que disser.
knowledge-empty = Ignorado: está vazio.
knowledge-mention-base = { $name } (base de conhecimento)
knowledge-mention-file = { $name } (em { $base })
knowledge-not-arrived = Aguardando os dados do seu outro dispositivo (sincronização).
knowledge-encrypted = Ignorado: está criptografado, então o texto dele não pode ser lido.
knowledge-zip-bomb = Recusado: descompactado, ficaria muito maior do que declara (uma bomba zip?).
knowledge-no-text = Falhou: nenhum texto foi encontrado nele (um documento digitalizado?).
knowledge-gone = Este arquivo não está mais na base de conhecimento dele; o que a resposta recebeu:
knowledge-file-text = O texto do arquivo
knowledge-cited = citado
knowledge-agent-bases = Bases de conhecimento
knowledge-agent-none = Nenhuma base de conhecimento ainda: crie uma em Conhecimento.
knowledge-agent-budget = Tokens de trechos em cada pergunta
knowledge-problem = Algo deu errado com as bases de conhecimento: { $detail }
knowledge-removed-files =
    { $count ->
        [one] { $name } removido
       *[other] { $count } arquivos removidos
    }
knowledge-removed-base = Base { $name } removida
knowledge-totals =
    { $files ->
        [one] { $files } arquivo
       *[other] { $files } arquivos
    } · { $size } · { $passages ->
        [one] { $passages } trecho
       *[other] { $passages } trechos
    }
knowledge-add-files-to = Adicionar arquivos a { $name }
knowledge-add-folder-to = Adicionar uma pasta a { $name }
knowledge-remove-base = Remover { $name }
knowledge-files-of = Arquivos de { $name }
knowledge-embed-account = Embeddings de { $name }
knowledge-embed-model = Modelo de embeddings de { $name }
knowledge-carry-vectors = Levar os embeddings de { $name } nos backups e na sincronização
knowledge-cost-local = Cerca de { $tokens } tokens para gerar embeddings, nesta máquina: grátis.
knowledge-cost = Cerca de { $tokens } tokens para gerar embeddings: cerca de ${ $dollars } pelo preço publicado.
knowledge-cost-unknown = Cerca de { $tokens } tokens para gerar embeddings; o Hearth não sabe o preço deste modelo.
knowledge-remove-file = Remover { $name }
knowledge-retry-file = Ler { $name } novamente
knowledge-embedding =
    { $passages ->
        [one] { $passages } trecho, gerando embeddings
       *[other] { $passages } trechos, gerando embeddings
    }
knowledge-embedded =
    { $passages ->
        [one] { $passages } trecho, com embeddings
       *[other] { $passages } trechos, com embeddings
    }
knowledge-embed-failed =
    { $passages ->
        [one] { $passages } trecho; os embeddings falharam ({ $error }), então ele é pesquisado por palavras
       *[other] { $passages } trechos; os embeddings falharam ({ $error }), então ele é pesquisado por palavras
    }
knowledge-indexed =
    { $passages ->
        [one] { $passages } trecho
       *[other] { $passages } trechos
    }
knowledge-too-large = Ignorado: { $size } é mais do que os { $limit } permitidos para um arquivo.
knowledge-unsupported = Ignorado: o Hearth não lê arquivos .{ $extension }.
knowledge-malformed = Falhou: está danificado ou não é o que o nome diz ({ $detail }).
knowledge-duplicate = Ignorado: o mesmo arquivo já está aqui como { $of }.
knowledge-too-many = Ignorado: uma base comporta no máximo { $limit } arquivos.
knowledge-open-pdf-page = Abrir o PDF na página { $page }
knowledge-reply-summary =
    { $count ->
        [one] Da sua base de conhecimento: { $count } trecho
       *[other] Da sua base de conhecimento: { $count } trechos
    }
knowledge-open-passage = Abrir { $passage }
knowledge-more-files = { $count ->
        [one] …e mais { $count } arquivo
       *[other] …e mais { $count } arquivos
    }
knowledge-unlink = Desvincular
knowledge-link-folder = Vincular uma pasta
knowledge-folder-linked = Mantida em dia com a pasta { $folder }.
knowledge-folder-allow = Permitir ler { $folder } de novo
knowledge-folder-unlink = Desvincular a pasta de { $name }
knowledge-folder-link = Vincular uma pasta a { $name }, sempre em dia
knowledge-agent-budget-error = Digite um número inteiro de tokens de 200 a 32000, ou deixe em branco para usar o padrão.
