# templates/lang/en.toml as a Python literal: written by tools/compile_templates.py, never edited
SOURCE = '63862:7d005c96'
TABLE = {'title': 'Parameter count of {model}',
 'intro': 'How many parameters does {architecture} have? Every figure below is derived from '
          "symparam's block tree of the model; module names are those of the model's {names}.",
 'intro_symbolic': 'The parameter count of the {family} family ({architecture}) as a formula in '
                   'its hyperparameters, with no values put in.',
 'description': 'Model: {description}.',
 'described': {'config': 'a config.json of {key} {model_type}, counted as {label}',
               'changed': 'the preset {preset} with {changes}',
               'fitted_config': 'a config.json of {key} {model_type}, counted as {label}, read '
                                "from transformers' module tree (transformers {version})",
               'fitted': "{label}, read from transformers' module tree (transformers {version}), "
                         'module by module'},
 'headings': {'per_gpu': 'Memory per GPU',
              'summary': 'At a glance',
              'hyperparameters': 'Hyperparameters',
              'components': 'Layer by layer',
              'total': 'Total',
              'tied': 'Tied weights',
              'dropouts': 'Which hyperparameters drop out',
              'memory': 'Memory of the weights',
              'compute': 'Compute',
              'reported': 'Against the published figure'},
 'columns': {'share': 'Share',
             'kind': 'Kind of block',
             'formula': 'Formula',
             'symbol': 'Symbol',
             'meaning': 'Meaning',
             'value': 'Value',
             'key': 'Config key',
             'module': 'Module',
             'shape': 'Weight shape',
             'bias': 'Bias',
             'params': 'Parameters',
             'count': 'Count',
             'part': 'Part',
             'flops': 'FLOPs',
             'dtype': 'dtype',
             'bytes_per_param': 'Bytes per parameter',
             'bytes': 'Bytes',
             'binary': 'Binary units',
             'decimal': 'Decimal units',
             'rule': 'Rule',
             'defined': 'As its authors define the parameters',
             'gap': 'Gap'},
 'assumption_reason': {'d_head': 'each of the h heads gets H/h dimensions',
                       'd_ff': 'the FFN is 4 times as wide as the hidden size',
                       'h_kv': 'every query head has its own key/value head',
                       'N_dec': 'the decoder is as deep as the encoder',
                       'd_pool': 'the pooler keeps the hidden size'},
 'option': {'pooler': "BertModel's pooler: a dense H × H layer on the first token",
            'roberta_layout': "RoBERTa's module names and heads",
            'tie_word_embeddings': 'the LM head shares the token embedding matrix',
            'heads_first': 'the heads are registered before the body, so the head owns the shared '
                           'matrix (XLM-RoBERTa)',
            'add_cross_attention': "a cross-attention over an encoder's states in every layer",
            'project_embeddings': 'a projection from the embedding size [[d_emb]] up to H',
            'summary_projection': 'the multiple-choice summary has a projection',
            'summary_to_labels': 'the summary projects to the [[n_labels]] labels, not to H',
            'final_norm': 'a final LayerNorm after the layers',
            'enable_bias': 'biases on every projection',
            'norm_affine': 'LayerNorms with a weight and a bias',
            'attention_bias': "biases on the attention's projections",
            'bias': 'biases on every projection and LayerNorm',
            'new_decoder_architecture': 'the new layout: [[h_kv]] key/value heads and two norms in '
                                        'parallel',
            'multi_query': 'one key/value head shared by all query heads',
            'parallel_attn': 'attention and the MLP read the same input side by side',
            'parallel_norms': '{value} norm(s) in each parallel block',
            'mlp_bias': "biases on the MLP's projections",
            'qa_under_transformer': 'the question-answering class keeps the decoder under the name '
                                    'transformer',
            'qkv_bias': 'biases on the q, k and v projections',
            'qk_norm_per_head': 'an RMSNorm over each head of q and of k',
            'qk_norm=per_head': 'an RMSNorm over each head of q and of k',
            'qk_norm=none': 'no norm over q and k',
            'norm_placement=pre': 'norms before the attention and before the MLP',
            'norm=rms': 'RMSNorm, with a weight and no bias',
            'qk_norm': 'an L2 norm (no weight) over each head of q and of k in the layers with '
                       'rotary embeddings',
            'rope_period': 'every {value}-th layer without rotary embeddings (1: none has them)',
            'rope_layers': 'layers with (1) and without (0) rotary embeddings, in order: {value}',
            'temperature_tuning': 'the layers without rotary embeddings scale their queries by a '
                                  'temperature that grows with the position',
            'qk_norm=full': 'an RMSNorm over all of q and over all of k',
            'norm_placement=post': 'norms after the attention and after the MLP only',
            'norm_placement=sandwich': 'norms before and after both the attention and the MLP',
            'fused_projections': 'q, k, v in one projection, and gate and up in one',
            'softcap_attention': 'the attention scores are soft-capped with tanh',
            'softcap_logits': 'the output logits are soft-capped with tanh',
            'norm=layer': 'LayerNorm with weight and bias instead of RMSNorm',
            'norm=layer_no_bias': 'LayerNorm with a weight and no bias instead of RMSNorm',
            'norm=layer_no_weights': 'LayerNorm with neither weight nor bias instead of RMSNorm',
            'plain_mlp': 'an MLP without a gate: two matrices, H → [[d_ff]] → H',
            'norm_placement=parallel': "attention and the MLP side by side on one norm's output",
            'qk_norm=head_weights': 'a LayerNorm over each head of q and of k, with a weight per '
                                    'head',
            'qk_norm=head_list': 'a list of LayerNorms, one per head of q and of k',
            'qk_layernorm': 'a LayerNorm over each head of q and of k',
            'sparse_step': 'every {value}-th layer is an MoE layer, the others dense',
            'layer_pattern': 'MoE (1) and dense (0) layers, in order: {value}',
            'experts_first': 'the experts are registered before the router',
            'shared_expert': 'a shared expert with a one-unit gate',
            'sinks': 'one learned attention sink per head',
            'expert_biases': 'the router and the experts have biases',
            'q_lora': 'queries pass through a low-rank compression of rank [[r_q]]',
            'dense_first': 'the first [[N_dense]] layers are dense, the rest MoE layers',
            'sparse_layers': 'MoE (1) and dense (0) layers, in order: {value}',
            'shared_experts': '[[E_sh]] shared experts, fused into one MLP of [[E_sh]]·[[d_moe]]',
            'share_embeddings': 'one V × H table for the source embedding, the target embedding '
                                'and the output projection',
            'gated': 'a gated FFN with two input matrices (T5 v1.1)',
            'is_decoder': "the encoder-only classes build their stack as a decoder's, with a "
                          'cross-attention in every block',
            'layers': '{value} Linear layers',
            'stages': '{value} stages, each of its own width [[H_i]] and depth [[N_i]]',
            'layer_scale': "a layer scale (a learned vector of the width) multiplies each block's "
                           'output',
            'raw_outputs': 'the backbone outputs its maps without the final LayerNorm',
            'last_size': 'hidden_sizes lists {value} sizes: the final LayerNorm and the classifier '
                         'are as wide as the last',
            'out_stages': 'the maps the backbone outputs, the stem first, then each stage: {value}',
            'relative_attention': 'the shared relative-position table and the disentangled '
                                  'position terms',
            'c2p': 'the content-to-position term',
            'p2c': 'the position-to-content term',
            'share_att_key': "the position terms reuse the layer's key and query projections",
            'position_biased_input': 'an absolute position table added to the word embeddings',
            'token_types': 'a token-type (segment) table',
            'embed_proj': 'embeddings [[d_emb]] wide, projected to H',
            'rel_norm': 'a LayerNorm over the relative-position table',
            'conv': 'a convolution over the sequence after the first layer',
            'legacy': "BERT's MLM head, its decoder tied to the word table",
            'norm_bias': 'biases on the LayerNorms',
            'decoder_bias': 'a bias on the masked-LM decoder',
            'classifier_bias': "a bias on the prediction head's dense layer",
            'local_layers': 'sliding-window (1) and global (0) layers, in order: {value}',
            'linear_layout': "projections stored as torch's Linear, out × in",
            'neo_attention': 'separate q, k, v and out projections, unscaled scores',
            'activation': 'the activation function is {value}',
            'summary_activation': "the multiple-choice summary's activation is {value}",
            'pooler_activation': "the pooler's activation is {value}",
            'conv_activation': "the convolution's activation is {value}",
            'head_activation': "the prediction head's activation is {value}",
            'vision_activation': "the vision tower's activation function is {value}",
            'mean_pooling': 'the classifiers pool the mean of the tokens, not the first token',
            'clip_qkv': 'the attention clamps the output of Wqkv',
            'parallel_residual': 'attention and the MLP side by side, each with its own norm of '
                                 "the layer's input",
            'alibi': 'ALiBi position biases instead of rotary embeddings',
            'window_period': 'sliding-window layers by period {value} (0: none, 1: all, p: all but '
                             'every p-th)',
            'window_layers': 'sliding-window (1) and full-attention (0) layers, in order: {value}',
            'norm=rms_gemma': "Gemma's RMSNorm, which multiplies by 1 + its weight",
            'norm=rms_olmo2': 'an RMSNorm that multiplies by its weight in fp32',
            'partial_rotary': "rotary embeddings turn [[d_rot]] of each head's [[d_head]] "
                              'dimensions',
            'rotary_sliding': 'only the sliding-window layers use rotary embeddings',
            'rotary_fp32': 'the rotary tables stay in fp32',
            'rotary_per_kind': 'sliding-window and full-attention layers turn with tables of their '
                               'own',
            'rotary_interleaved': 'each layer interleaves the fp32 rotary tables anew and turns q '
                                  'and k in fp32',
            'block_sparse_moe': 'the experts sit under block_sparse_moe, with a softmax over the '
                                "router's top k logits (GraniteMoE)",
            'norm_topk_prob': 'the top k routing weights are renormalised to sum to 1',
            'softmax_routing': "a softmax over the router's E logits, not a sigmoid (DeepSeek-V2)",
            'grouped_attention': 'grouped-query attention (q, k and v projections, [[h_kv]] '
                                 'key/value heads) with rotary embeddings over [[d_rot]] of each '
                                 "head's [[d_head]] dimensions, not latent attention (GLM-4.5)",
            'moe': 'MoE layers (more than one expert)',
            'full_attention_interval': 'one full-attention layer in every {value}, the others '
                                       'linear attention',
            'attention_pattern': 'full-attention (1) and linear-attention (0) layers, in order: '
                                 '{value}',
            'conv_bias': 'a bias on the depthwise convolution',
            'proj_bias': 'biases on the in and out projections',
            'dt_bc_norms': 'RMSNorms without weights over Δ, B and C (Falcon-Mamba)',
            'chunk_size': "the scan's chunk length Q = {value}",
            'attn_period': 'one attention layer in every {value}',
            'attn_offset': 'the first attention layer is layer {value}',
            'expert_period': 'one MoE layer in every {value}',
            'expert_offset': 'the first MoE layer is layer {value}',
            'embedding_norm': 'a LayerNorm after the embeddings of each stack',
            'pre_norm': 'LayerNorms before each sublayer and after each stack',
            'sinusoidal': 'fixed sinusoidal position tables of L rows',
            'shared_vocab': 'one token table (shared) for the encoder and the decoder',
            'own_decoder_vocab': "the decoder's tokens come from a vocabulary of its own, "
                                 '[[V_dec]] (decoder_vocab_size)',
            'weighted_layer_sum': 'the audio classifier first mixes the N + 1 hidden states (the '
                                  "input and each layer's output) with learned weights",
            'mask_token': 'a mask token to stand in for masked patches',
            'swiglu': 'a SwiGLU MLP, its width rounded up to a multiple of 8',
            'vision_use_head': "the vision tower's attention-pooling head: one learned probe "
                               'attends to all patches, then a LayerNorm and an MLP',
            'siglip_tower': "the vision tower is SigLIP's: no class token, a bias on the patch "
                            'convolution',
            'projector_bias': "biases on the projector's two layers",
            'projector_activation': "the projector's activation function is {value}",
            'feature_layers': 'the projector reads the states of {value} vision layers side by '
                              'side',
            'full_blocks': "{value} of the vision tower's blocks attend over the whole image, the "
                           'others within windows',
            'deepstack_built': '{value} DeepStack mergers are built, one for each vision block the '
                               'config lists',
            'deepstack_run': '{value} DeepStack mergers run: those whose block the vision tower '
                             'has',
            'full_features': "the projector reads every state the tower leaves, its first (CLIP's "
                             'class token) included',
            'text_llama': 'the language model is a LLaMA',
            'text_model=qwen2': "the language model is Qwen2's decoder, with biases on q, k and v",
            'text_model=qwen3': "the language model is Qwen3's decoder, with an RMSNorm over each "
                                'head of q and of k',
            'text_model=llama': "the language model is LLaMA's decoder",
            'vision_qkv_bias': "biases on the vision tower's q, k and v projections",
            'vision_qk_norm': "an RMSNorm over all of the vision tower's q and one over all of its "
                              'k, before the heads are split',
            'vision_rms_norm': "the vision tower's layers normalise with RMSNorm (a weight, no "
                               'bias)',
            'position_table': 'a learned position table in the vision tower, a row for the class '
                              'token and each patch',
            'vision_post_norm': "a LayerNorm on every state after the vision tower's last layer",
            'text_mistral': 'the language model is a Mistral',
            'text_qwen2': 'the language model is a Qwen2',
            'text_gemma': 'the language model is a Gemma',
            'grid_pinpoints': 'the resolutions the processor may resize an image to before cutting '
                              'it into tiles, heights and widths in turn: {value}',
            'aspect_ratio': "the grid's features are shrunk to about K tiles' worth, K as "
                            'vision_aspect_ratio writes it: {value}',
            'whole_when_several': 'each of several images a sequence is read whole, as one tile',
            'text_gemma2': 'the language model is a Gemma 2',
            'gemma_window': "a Gemma's text config sets sliding_window, a Gemma 2's key",
            'falcon.bias': 'biases on every projection',
            'mlp.bias': 'biases on the Linear layers',
            'transformer.final_norm': "a LayerNorm after each stack, the encoder's and the "
                                      "decoder's",
            'opt.project_embeddings': 'projections from the embedding size [[d_emb]] to H before '
                                      'the layers, and back after them',
            'vit.pooler': "ViTModel's pooler: a dense H → [[d_pool]] layer on the class token",
            'llama4.window_period': 'layers attending in chunks of [[W_chunk]] by period {value} '
                                    '(0: none, 1: all, p: all but every p-th)',
            'llama4.window_layers': 'chunked (1) and full-attention (0) layers, in order: {value}'},
 'option_off': {'deepstack_built': 'no DeepStack merger is built',
                'deepstack_run': 'no DeepStack merger runs',
                'full_blocks': 'every block of the vision tower attends within windows',
                'pooler': 'no pooler',
                'tie_word_embeddings': 'the LM head has its own V × H matrix, apart from the token '
                                       'embeddings',
                'add_cross_attention': "no cross-attention over an encoder's states",
                'project_embeddings': 'no projection: the embeddings are H wide',
                'summary_projection': 'the multiple-choice summary has no projection',
                'final_norm': 'no final LayerNorm',
                'enable_bias': 'no biases on the projections',
                'norm_affine': 'LayerNorms without weight or bias',
                'attention_bias': "no biases on the attention's projections",
                'bias': 'no biases on the projections and LayerNorms',
                'new_decoder_architecture': 'the original layout: one key/value head (or one per '
                                            'query head) and one norm',
                'multi_query': 'a key/value head for each query head',
                'parallel_attn': 'attention first, then the MLP',
                'mlp_bias': "no biases on the MLP's projections",
                'qkv_bias': 'no biases on the q, k and v projections',
                'mask_token': 'no mask token',
                'layer_scale': 'no layer scale',
                'swiglu': 'an MLP without a gate: two matrices, [[r_mlp]]·H wide',
                'qk_layernorm': 'no LayerNorm over q and k',
                'q_lora': 'queries are projected directly, without compression',
                'dense_first': 'every layer is an MoE layer',
                'shared_experts': 'no shared experts',
                'share_embeddings': 'the source and target embeddings and the output projection '
                                    'each have their own V × H table',
                'gated': 'a plain FFN with one input matrix (T5 v1.0)',
                'relative_attention': 'no relative positions: content attention only',
                'c2p': 'no content-to-position term',
                'p2c': 'no position-to-content term',
                'share_att_key': 'the position terms have projections of their own',
                'position_biased_input': 'no absolute position table',
                'token_types': 'no token-type table',
                'embed_proj': 'embeddings as wide as H, no projection',
                'rel_norm': 'no LayerNorm over the relative-position table',
                'conv': 'no convolution',
                'legacy': 'a head that multiplies by the word table itself',
                'norm_bias': 'no biases on the LayerNorms',
                'decoder_bias': 'no bias on the masked-LM decoder',
                'classifier_bias': "no bias on the prediction head's dense layer",
                'roberta_layout': "BERT's module names and heads",
                'heads_first': 'the body is registered before the heads, so the body owns the '
                               'shared matrix',
                'summary_to_labels': 'the summary projects to H',
                'mean_pooling': 'the classifiers read the first token',
                'linear_layout': "projections stored as GPT-2's Conv1D, in × out",
                'neo_attention': "GPT-2's attention: q, k and v from one projection (c_attn), "
                                 'scores scaled',
                'clip_qkv': 'the output of Wqkv is not clamped',
                'parallel_residual': 'attention first, then the MLP, each after its own norm',
                'alibi': 'rotary position embeddings',
                'qa_under_transformer': 'the question-answering class keeps the decoder under the '
                                        'name model',
                'qk_norm_per_head': 'no RMSNorm over the heads of q and k',
                'qk_norm': 'no norm over the heads of q and k',
                'temperature_tuning': 'the queries of the layers without rotary embeddings are not '
                                      'scaled by a temperature',
                'fused_projections': 'q, k and v, and gate and up, each a projection of its own',
                'softcap_attention': 'the attention scores are not soft-capped',
                'softcap_logits': 'the output logits are not soft-capped',
                'plain_mlp': 'a gated MLP (SwiGLU): three matrices, gate and up H → [[d_ff]], down '
                             'back to H',
                'partial_rotary': "rotary embeddings turn all of each head's dimensions",
                'rotary_sliding': 'every layer uses rotary embeddings',
                'rotary_fp32': "the rotary tables are cast to the model's dtype",
                'rotary_per_kind': 'one rotary table for every layer',
                'rotary_interleaved': 'every layer turns with the same rotary tables',
                'block_sparse_moe': 'the experts sit under mlp, with a softmax over all the '
                                    "router's logits",
                'experts_first': 'the router is registered before the experts',
                'shared_expert': 'no shared expert',
                'sinks': 'no attention sinks',
                'expert_biases': 'neither the router nor the experts have biases',
                'norm_topk_prob': 'the top k routing weights are not renormalised',
                'softmax_routing': "a sigmoid over the router's E logits, the best groups of "
                                   'experts first (DeepSeek-V3)',
                'grouped_attention': 'multi-head latent attention (DeepSeek)',
                'moe': 'no MoE layers: every layer has a dense MLP',
                'conv_bias': 'no bias on the depthwise convolution',
                'proj_bias': 'no biases on the in and out projections',
                'dt_bc_norms': 'no norms over Δ, B and C',
                'is_decoder': "an encoder's blocks, without cross-attention",
                'embedding_norm': 'no LayerNorm after the embeddings',
                'pre_norm': 'LayerNorms after each sublayer (post-LN)',
                'sinusoidal': 'learned position tables of L + 2 rows (offset 2)',
                'shared_vocab': 'the encoder and the decoder each have their own token table',
                'own_decoder_vocab': "the decoder reads the encoder's vocabulary",
                'weighted_layer_sum': "the audio classifier reads the last layer's output only",
                'raw_outputs': 'the backbone outputs its maps through the final LayerNorm',
                'vision_use_head': 'no attention-pooling head on the vision tower',
                'siglip_tower': "the vision tower is CLIP's: a class token, and a LayerNorm before "
                                'the layers',
                'projector_bias': "no biases on the projector's layers",
                'full_features': "the projector leaves out the tower's first state (CLIP's class "
                                 'token)',
                'text_llama': 'the language model is not a LLaMA',
                'vision_qkv_bias': "no biases on the vision tower's q, k and v projections",
                'vision_qk_norm': "no norm over the vision tower's q and k",
                'vision_rms_norm': "the vision tower's layers normalise with LayerNorm (a weight "
                                   'and a bias)',
                'position_table': 'no position table in the vision tower',
                'vision_post_norm': "no norm after the vision tower's last layer",
                'text_mistral': 'the language model is not a Mistral',
                'text_qwen2': 'the language model is not a Qwen2',
                'text_gemma': 'the language model is not a Gemma',
                'whole_when_several': 'each of several images a sequence is cut into tiles, as one '
                                      'image alone is',
                'text_gemma2': 'the language model is not a Gemma 2',
                'gemma_window': "no Gemma 2 key in a Gemma's text config",
                'falcon.bias': 'no biases on the projections',
                'mlp.bias': 'no biases on the Linear layers',
                'transformer.final_norm': 'no LayerNorm after the stacks',
                'opt.project_embeddings': 'no projections: the embeddings are H wide',
                'vit.pooler': 'no pooler'},
 'kind': {'embedding': 'embeddings',
          'attention': 'attention',
          'mixer': 'sequence mixers (state-space, linear attention)',
          'mlp': 'MLP',
          'experts': 'routed experts',
          'router': 'router',
          'shared_experts': 'shared experts',
          'norm': 'norms',
          'head': 'head',
          'other': 'other',
          'scores': 'attention over the sequence (scores, weighted values)',
          'conv': 'convolutions'},
 'text': {'gpu_intro': 'Training on {gpus} GPUs as d = {dp} data-parallel × t = {tp} '
                       'tensor-parallel × p = {pp} pipeline ranks, {zero}; the optimiser recipe is '
                       '{optimiser}. {psi} is what one GPU holds of the parameters (its shards of '
                       'the tensors that are split, the others whole), and {nd} the data-parallel '
                       'ranks over which ZeRO partitions them, {share} each.',
          'gpu_zero': 'with ZeRO stage {zero}',
          'gpu_no_zero': 'without ZeRO',
          'gpu_experts': 'The experts are split over e = {ep} of the data-parallel ranks; {psi_e} '
                         'is what one GPU holds of them, partitioned over the {nde} ranks that '
                         'hold the same experts.',
          'gpu_only': 'Every GPU holds {params} parameters.',
          'gpu_first': 'The most loaded GPU is on the first pipeline stage ({stage} of {stages}, '
                       'with the token table): {params} parameters.',
          'gpu_last': 'The most loaded GPU is on the last pipeline stage ({stage} of {stages}, '
                      'with the final norm and the head): {params} parameters.',
          'gpu_middle': 'The most loaded GPU is on pipeline stage {stage} of {stages}: {params} '
                        'parameters.',
          'gpu_expert_params': 'It also holds {params} parameters of experts.',
          'gpu_weights': 'Weights',
          'gpu_gradients': 'Gradients',
          'gpu_optimiser_state': 'Optimiser state',
          'gpu_total': 'Total',
          'gpu_rules': 'Tensor parallelism splits the tensors as Megatron-LM does (Shoeybi et al. '
                       "2019): q, k, v and the MLP's up and gate projections by their outputs, the "
                       'output and down projections by their inputs, the token table and the head '
                       "by the vocabulary; norms, the row-parallel projections' biases and routers "
                       'stay whole. ZeRO (Rajbhandari et al. 2020) partitions the optimiser state '
                       '(stage 1), the gradients too (stage 2) and the weights too (stage 3).',
          'gpu_context': "Context parallelism splits each sequence's tokens over c = {cp} GPUs, "
                         'which hold alike weights: the gradients are reduced, and ZeRO '
                         'partitions, over {nd} = d·c = {group} GPUs.',
          'gpu_sequence': 'Sequence parallelism (Korthikanti et al. 2022) splits the activations '
                          'outside the heads and inner widths by their tokens over the t '
                          'tensor-parallel ranks.',
          'gpu_activations': 'Activations',
          'gpu_activations_counted': '{a} is what one micro-batch of b = {b} sequences of s = {s} '
                                     'tokens saves for its backward pass on this GPU, each tensor '
                                     "once, as transformers' code runs it, in {dtype}, "
                                     '{recompute}.',
          'gpu_activations_counted_images': '{a} is what one micro-batch of b = {b} inputs saves '
                                            'for its backward pass on this GPU, each tensor once, '
                                            "as transformers' code runs it, in {dtype}, "
                                            '{recompute}.',
          'gpu_recompute_none': 'without recomputation',
          'gpu_recompute_selective': 'with selective recomputation',
          'gpu_recompute_full': 'with full recomputation',
          'gpu_activations_tp': "Under tensor parallelism it is one rank's: 1/t of the heads and "
                                "of the MLP's and experts' inner widths, each head as wide; the "
                                "norms, the residual stream and the column-parallel linears' "
                                'inputs whole, unless sequence parallelism splits them.',
          'gpu_activations_sp': 'With sequence parallelism the tensors outside the heads and inner '
                                'widths (the norms, the residual stream, the column-parallel '
                                "linears' inputs, routers) are kept for 1/t of the tokens.",
          'gpu_activations_sp_latent': "Latent attention's latents and their norms are kept for "
                                       "1/t of the tokens too, as Megatron-Core's multi-latent "
                                       "attention computes them on each rank's share of the "
                                       'sequence.',
          'gpu_activations_cp': 'With context parallelism each GPU keeps those of s/c = {tokens} '
                                'tokens of each sequence (c = {cp}; ring attention keeps no tensor '
                                'of s × s).',
          'gpu_activations_ep': "The experts' rows are those the GPU's experts take at the "
                                'capacity factor c = {c}: {rows} a layer, padded to it.',
          'gpu_activations_pp': "Under Megatron-LM's non-interleaved 1F1B schedule, pipeline stage "
                                "{q} holds {flight} micro-batches' activations at its peak (m = "
                                '{m}): this GPU {k}, of {one} B each. By stage: {stages} B.',
          'gpu_activations_need_seq': 'The activations and the traffic need the sequence length '
                                      '({seq}).',
          'gpu_activations_refused': 'The activations are not derived for this layout ({command} '
                                     'says why), and the total leaves them out.',
          'gpu_no_activations': 'Activations are not included.',
          'gpu_kv': 'For inference, the KV cache of B = {batch} sequences takes {bytes} B '
                    '({binary}) on a GPU of one replica, split over its t and p GPUs.',
          'gpu_kv_context': 'For inference, the KV cache of B = {batch} sequences takes {bytes} B '
                            '({binary}) on a GPU of one replica, split over its t, p and c GPUs.',
          'gpu_kv_latent': 'For inference, the KV cache of B = {batch} sequences takes {bytes} B '
                           '({binary}) on a GPU of one replica, split over its p GPUs: latent '
                           "attention's cache is not split by heads, and each of the t "
                           'tensor-parallel GPUs keeps all of it, as vLLM decodes it as one '
                           'key/value head.',
          'gpu_kv_latent_context': 'For inference, the KV cache of B = {batch} sequences takes '
                                   '{bytes} B ({binary}) on a GPU of one replica, split over its p '
                                   "and c GPUs: latent attention's cache is not split by heads, "
                                   'and each of the t tensor-parallel GPUs keeps all of it, as '
                                   'vLLM decodes it as one key/value head.',
          'gpu_kv_stages': 'The pipeline stages hold unlike shares of it, {stages} B; the figure '
                           'is the stage that holds most.',
          'gpu_traffic': 'Traffic a training step',
          'gpu_traffic_intro': 'What each GPU sends in a training step of m = {m} micro-batches, '
                               'in elements times the bytes of one:',
          'gpu_element_bytes': 'Bytes an element',
          'gpu_traffic_data': 'Data-parallel gradients',
          'gpu_traffic_data_zero3': "Data-parallel gradients and ZeRO-3's gathers",
          'gpu_traffic_tensor': 'Tensor-parallel all-reduces',
          'gpu_traffic_pipeline': 'Pipeline sends',
          'gpu_traffic_expert': "Experts' all-to-all",
          'gpu_traffic_context': 'Context-parallel ring',
          'gpu_traffic_refused': '{kind}: not derived for this model.',
          'gpu_traffic_rules': "In the traffic's formulas d is the GPUs that hold alike weights "
                               'and {nstage} the layers on this GPU.',
          'gpu_traffic_rules_data': 'A ring all-reduce sends 2(d − 1)/d of its data from each GPU, '
                                    'a reduce-scatter or an all-gather half of that. ZeRO-0 and '
                                    'ZeRO-1 reduce the gradients once a step, ZeRO-2 after each '
                                    'micro-batch and then gathers the weights once, ZeRO-3 also '
                                    "gathers the weights for each micro-batch's forward and "
                                    "backward passes (DeepSpeed's schedule).",
          'gpu_traffic_rules_tensor': "Tensor parallelism all-reduces each row-parallel block's "
                                      'output in the forward pass and, in the backward pass, the '
                                      "gradient of each tensor a split part reads whole: a block's "
                                      "input, or latent attention's query latent, key/value latent "
                                      'and shared rotary key (Megatron-LM).',
          'gpu_traffic_rules_kinds': 'The layers on this GPU are of several kinds; those that '
                                     'all-reduce alike are counted together, {nk} layers of a '
                                     'kind, each all-reducing {wk} elements a token: {kinds}.',
          'gpu_traffic_rules_pipeline': "A pipeline stage sends each micro-batch's activations on "
                                        'to the next stage and their gradients back.',
          'gpu_traffic_rules_expert': "Expert parallelism exchanges each MoE layer's tokens "
                                      'all-to-all, in the forward and the backward pass.',
          'gpu_traffic_rules_moe': '{ne} is the number of MoE layers among them.',
          'gpu_traffic_rules_context': "Ring attention passes each GPU's keys and values round the "
                                       'ring 3(c − 1) times a layer, {wkv} numbers a token.',
          'gpu_bubble': "The pipeline bubble under Megatron-LM's 1F1B schedule (Narayanan et al. "
                        '2021): {bubble} of the ideal step time ({percent}).',
          'gpu_fits': 'This fits in a GPU of {limit} B ({limit_binary}), with {spare} B to spare.',
          'gpu_over': 'This does not fit in a GPU of {limit} B ({limit_binary}): it is {over} B '
                      '({over_binary}) over.',
          'gpu_fits_without_activations': '(Weights, gradients and optimiser state only: the '
                                          'activations are not counted.)',
          'option_not': 'without: {help}',
          'sentence_gap': ' ',
          'kind_formula': '{kind}: {formula}',
          'kind_share': '{kind}: {formula} = {value} ({share} of the layer)',
          'count_letter': 'The parameter count is written {count} here: {patch} is the patch size.',
          'summary_parts': 'Where the parameters are:',
          'summary_layer': 'One layer of {name}, by kind of block:',
          'thumb_intro': "Rule of thumb: keep each layer's weight matrices and the token tables; "
                         'leave out biases, norms and the smaller tables:',
          'thumb_error': 'That is {percent} {side}.',
          'below_exact': 'below the exact count',
          'above_exact': 'above the exact count',
          'thumb_left_out': 'Left out as well, each under {cut} of the count: {kinds} ({share} of '
                            'it together).',
          'thumb_plain': "With {rule}, as GPT and BERT have it, the MLP's two matrices come to "
                         '{mlp}.',
          'thumb_gated': 'A gated MLP (SwiGLU) has three matrices, {formula}: with {llama}, '
                         "LLaMA's choice, they come to {mlp}, as a plain MLP's two do with "
                         '{plain}.',
          'thumb_here': "Here {ratio}, so a layer's matrices come to {total}: {pieces}.",
          'thumb_layer': "A layer's matrices come to {total}: {pieces}.",
          'thumb_here_ratio': 'Here {ratio}.',
          'thumb_stack': 'A layer of {stack} comes to {total}: {pieces}.',
          'thumb_piece': '{kind} {value}',
          'thumb_grouped': 'Grouped-query attention: {kv} key/value heads serve {heads} query '
                           'heads, so k and v are {kv_width} numbers wide where q is {q_width}, '
                           "and the attention's matrices come to {coef} instead of the {full} of a "
                           'key/value head for each query head.',
          'thumb_multi_query': 'Multi-query attention: one key/value head serves all {heads} query '
                               'heads, so k and v are {kv_width} numbers wide where q is '
                               "{q_width}, and the attention's matrices come to {coef} instead of "
                               'the {full} of a key/value head for each query head.',
          'list_separator': ', ',
          'list_last': ' and ',
          'closest': "Of the family's classes, {architecture} comes closest to the published "
                     'figure: {value}, {percent} {side} it.',
          'options': 'Options of the model class:',
          'assumptions': 'Assumptions:',
          'assumed_value': 'from {assumption}',
          'none': '—',
          'section_parts': 'Parts: {names}.',
          'section_layer': 'One layer ({prefix}); the stack repeats it {count} times with its own '
                           'weights.',
          'section_layer_symbolic': 'One layer ({prefix}); the stack repeats it {count} times with '
                                    'its own weights.',
          'layer_sum': 'One layer:',
          'stack_sum': 'All layers:',
          'part_sum': 'Sum of this part:',
          'tied_row': 'tied to {owner}: +0',
          'sum_of_parts': 'Adding the parts:',
          'closed_form': 'In closed form, grouped by layer count and then by powers of H:',
          'final': 'Total: {value} parameters.',
          'active_intro': 'Active parameters: what one token touches — everything dense, the '
                          'router and its top k of the E routed experts:',
          'active_intro_shared': 'Active parameters: what one token touches — everything dense, '
                                 'the router, its top k of the E routed experts and the shared '
                                 'experts:',
          'active_final': 'Active per token: {value} parameters (total {total}).',
          'final_symbolic': "The family's total is the closed form above; its terms in H² come "
                            "from the layers' square matrices.",
          'final_symbolic_plain': "The family's total is the closed form above.",
          'note_transposed': 'Shapes are written as torch stores each weight: out × in for a '
                             "Linear, in × out for GPT-2's Conv1D.",
          'tie': '{name} is the same tensor as {owner}, so it is counted once: +0.',
          'tie_untied': 'Untied it would add {untied} parameters, for a total of {total} instead '
                        'of {value}.',
          'no_ties': 'No weights are tied in this model.',
          'kept': 'The total depends on: {symbols}.',
          'drop_cancels': '{symbol} drops out: it enters only through products that the assumption '
                          '{assumption} reduces:',
          'drop_no_weights': '{symbol} drops out: it sets what the layers compute, not the shape '
                             'of any weight.',
          'drop_splits': '{symbol} drops out: it splits {whole} into equal parts, so it must '
                         'divide {whole}, but adds no weights of its own.',
          'drop_splits_to_run': '{symbol} drops out: the forward pass splits {whole} into that '
                                'many groups of equal size, so it must divide {whole} for the '
                                'model to run (transformers builds the model, and it is counted, '
                                'whatever its value); it adds no weights of its own.',
          'drop_shared': '{symbol} drops out: every layer reuses the same shared weights, so depth '
                         'adds no parameters.',
          'drop_image': '{symbol} drops out: the image size sets how many positions each '
                        'convolution runs on (the FLOPs), not the size of its weights.',
          'drop_rotary': '{symbol} drops out: it sets how many dimensions of each head rotary '
                         'embeddings rotate, and rotation adds no weights.',
          'drop_active_only': '{symbol} does not change the total: it sets how many experts each '
                              'token uses, so it changes only the active count.',
          'drop_given': '{symbol} drops out: it only sets the default {assumption}, and the config '
                        'gives that size itself.',
          'drop_assumed': '{symbol} is replaced by the assumption {assumption}.',
          'no_drops': 'Every hyperparameter of the model appears in the total.',
          'memory_intro': 'The weights alone, stored in each dtype ({mib}, {mb}; {gib}, {gb}):',
          'memory_int8': 'The int8 row counts 1 byte per parameter, with no scales. The int8 and '
                         'int4 of {command} are weights as quantized checkpoints store them: an '
                         'fp16 scale on top for each row of a matrix, or for each group of weights '
                         'of a row, and the vectors, the embedding tables and an untied LM head '
                         'kept in fp16.',
          'reported': 'Published figure: {params} ({source}). The exact count is {percent} {side} '
                      'it.',
          'above': 'above',
          'below': 'below',
          'compute_intro_one': 'Forward FLOPs for one sequence (B = 1) of s = {seq} tokens, '
                               'counted as {counter} counts them: every matrix product at 2 FLOPs '
                               'per multiply-add, attention over all s × s pairs (no causal '
                               'halving), norms and activations left out:',
          'compute_intro': 'Forward FLOPs for B = {batch} sequences of s = {seq} tokens, counted '
                           'as {counter} counts them: every matrix product at 2 FLOPs per '
                           'multiply-add, attention over all s × s pairs (no causal halving), '
                           'norms and activations left out:',
          'compute_images': 'Images a sequence: {n_img} = {images}, beside its s text tokens. The '
                            "vision tower runs on each image's {patches} patches ({side} × "
                            '{side}), and the projector averages them in {kernel} × {kernel} '
                            'blocks into {s_img} = {tokens} tokens, which the language model reads '
                            'with the text.',
          'compute_images_projected': 'Images a sequence: {n_img} = {images}, beside its s text '
                                      "tokens. The vision tower runs on each image's {patches} "
                                      'patches ({side} × {side}), and the projector maps the '
                                      'states it keeps of them into {s_img} = {tokens} tokens, '
                                      'which the language model reads with the text.',
          'compute_images_merged': 'Images a sequence: {n_img} = {images}, beside its s text '
                                   'tokens, each resized by the processor to {height} × {width} '
                                   "pixels. The vision tower runs on each image's {patches} "
                                   'patches ({side} × {columns}), and the patch merger joins each '
                                   '{merge} × {merge} block of them into one of {s_img} = {tokens} '
                                   'tokens, which the language model reads with the text. Its '
                                   'windowed blocks attend within windows of {window} × {window} '
                                   'tokens: {Q_win} = {pairs} query–key pairs an image.',
          'compute_images_rows': 'Images a sequence: {n_img} = {images}, beside its s text tokens, '
                                 'each the largest the vision tower takes ({height} × {width} '
                                 "pixels). The vision tower runs on each image's {patches} patches "
                                 '({side} × {columns}); the patch merger joins each {merge} × '
                                 '{merge} block of them into one of {merged} tokens, in {r_img} = '
                                 '{rows} rows, and the processor ends each row with an [IMG_BREAK] '
                                 'token (the last with [IMG_END]): {tokens} tokens an image, which '
                                 'the language model reads with the text.',
          'compute_images_tiled': 'Images a sequence: {n_img} = {images}, beside its s text '
                                  'tokens, each a tile of {height} × {width} pixels as the '
                                  "processor cuts an image (how many depends on the image's shape "
                                  "and the processor's own settings, its longest edge or its most "
                                  'tiles; where an image is cut into several, the whole image '
                                  'shrunk to one tile makes one more). The vision tower runs on '
                                  "each tile's {patches} patches ({side} × {columns}), and the "
                                  'connector lays the states of each {merge} × {merge} block of '
                                  'them side by side into one token and projects it: {tokens} '
                                  'tokens a tile, {r_img} = {merged_side} to a side, which the '
                                  'language model reads with the text.',
          'compute_images_anyres': 'Images a sequence: {n_img} = {images}, beside its s text '
                                   'tokens, each taken as {height} × {width} pixels (the size '
                                   'symparam flops assumes when no image size is given). The '
                                   'processor resizes it into {best_h} × {best_w}, the best fit '
                                   'among the image_grid_pinpoints, cuts that into {grid_r} × '
                                   '{grid_c} tiles and adds the whole image shrunk to one more: '
                                   'the vision tower and the projector run on {n_tile} = {tiles} '
                                   'tiles of {patches} patches ({side} × {side}) an image. The '
                                   "grid's {feat_r} × {feat_c} features are cut back to the "
                                   "image's aspect ratio, {kept_r} × {kept_c}{shrunk}, and a "
                                   'newline token ends each row: {s_img} = {patches} + {rows} × '
                                   '{wide} = {tokens} tokens an image, which the language model '
                                   'reads with the text.',
          'compute_images_anyres_shrunk': ', then shrunk (bilinearly) to {rows} × {columns}, about '
                                          "{most} tiles' worth at most",
          'compute_images_anyres_whole': 'Images a sequence: {n_img} = {images}, beside its s text '
                                         'tokens. With several images a sequence, LLaVA-OneVision '
                                         'reads each whole, as one tile: the vision tower and the '
                                         'projector run on {n_tile} = {tiles} tile of {patches} '
                                         'patches ({side} × {side}) an image, and each image '
                                         'becomes {s_img} = {tokens} tokens, the {states} states '
                                         'the projector keeps and a newline, which the language '
                                         'model reads with the text.',
          'compute_kinds': 'Where they come from, by kind of block (q, k, v and o are the '
                           "attention's projections; the products over the sequence are a kind of "
                           'their own):',
          'compute_rule': 'The rule of two FLOPs per parameter and token, {rule}, gives {value}: '
                          '{percent} {side}. Looking up a row of a table costs no product, and the '
                          'attention over the sequence grows with s, not with the parameters.',
          'compute_training': 'A training step runs the forward pass and then the backward pass, '
                              'which costs about twice as much: {formula} = {value} FLOPs.',
          'compute_rules': 'The rule of six FLOPs per parameter and token for a training step (two '
                           'for the forward pass, four for the backward), over D = B·s = {tokens} '
                           'tokens, with the parameters as each of its authors counts them, and '
                           'its gap to the exact figure:',
          'rule_hoffmann': 'Hoffmann et al. 2022 (Chinchilla): every parameter, {params}',
          'rule_hoffmann_active': 'Hoffmann et al. 2022 (Chinchilla), every parameter a token uses '
                                  '(its active ones: the paper counts dense models), {params}',
          'rule_kaplan': 'Kaplan et al. 2020: the parameters without the embedding tables (of '
                         'tokens, positions) and an untied unembedding, {params}',
          'rule_kaplan_active': 'Kaplan et al. 2020, the parameters a token uses (its active ones: '
                                'the paper counts dense models) without the embedding tables (of '
                                'tokens, positions) and an untied unembedding, {params}',
          'compute_idle': 'The cross-attention holds weights, counted in the parameters above, but '
                          "does not run here: the model is given no encoder's states, and "
                          "transformers' layers skip it without them.",
          'compute_result': '{flops} FLOPs, that is {macs} MACs (multiply-accumulates: the number '
                            'thop, ptflops and fvcore print and call "flops").',
          'reported_note': 'Note: {note}.',
          'reported_recount': 'That figure is what this count gives with {changes} ({why}) instead '
                              'of {actual}: {value}.',
          'generated': 'Generated by symparam from the block tree; regenerate rather than edit.'},
 'reading': {'mamba': ['A Mamba layer (Gu & Dao 2023) has no attention and no MLP: one mixer does '
                       'both. `in_proj` widens each token from $H$ to two streams of '
                       '$d_{\\mathrm{inner}} = e H$ channels: $x$, which the state-space model '
                       'reads, and $z$, a gate. $x$ first passes a causal depthwise convolution '
                       '(`conv1d`: $d_{\\mathrm{conv}}$ taps and a bias per channel, no mixing '
                       'across channels) and a SiLU.',
                       'The state-space model runs each of the $d_{\\mathrm{inner}}$ channels '
                       "through the system $h'(t) = A h(t) + B x(t)$, $y(t) = C h(t)$, whose state "
                       '$h$ holds $d_{\\mathrm{state}}$ numbers. Discretised with a step $\\Delta$ '
                       '(zero-order hold), it becomes the recurrence $h_t = \\bar{A} h_{t-1} + '
                       '\\bar{B} x_t$, $y_t = C h_t + D x_t$, with $\\bar{A} = \\exp(\\Delta A)$ '
                       'and $\\bar{B} = \\Delta B$.',
                       'What makes it selective: $\\Delta$, $B$ and $C$ depend on the token. '
                       '`x_proj` maps $x$ to $r_{\\Delta} + 2 d_{\\mathrm{state}}$ numbers: a step '
                       'of rank $r_{\\Delta}$, and $B$ and $C$ ($d_{\\mathrm{state}}$ each, shared '
                       'by all channels); `dt_proj` lifts the step back to $d_{\\mathrm{inner}}$ '
                       'channels with a bias, and a softplus keeps $\\Delta$ positive. A large '
                       '$\\Delta$ lets a token reset the state, a small one lets it pass.',
                       '$A$ and $D$ are not selective: they are parameters. $A$ is stored as '
                       '`A_log` ($d_{\\mathrm{inner}} \\times d_{\\mathrm{state}}$, one decay rate '
                       'per channel and state number; $A = -\\exp(A_{\\log})$ stays negative, so '
                       'the state decays); $D$ ($d_{\\mathrm{inner}}$) is the skip connection from '
                       '$x$ to $y$. The output is multiplied by $\\mathrm{SiLU}(z)$ and `out_proj` '
                       'maps it back to $H$. Falcon-Mamba adds RMSNorms without weights over '
                       '$\\Delta$, $B$ and $C$.',
                       'The state size $d_{\\mathrm{state}}$ therefore enters only `x_proj` ($2 '
                       'd_{\\mathrm{state}}$ outputs) and `A_log`; the projections in and out, $3 '
                       'H d_{\\mathrm{inner}}$, hold most of a layer. Generating text, a layer '
                       'keeps the last inputs of its convolution and its state $h$, '
                       '$d_{\\mathrm{inner}} d_{\\mathrm{state}}$ numbers, however long the '
                       'sequence: there is no KV cache.'],
             'CLIPModel': ['CLIP (Radford et al. 2021) learns one embedding space for images and '
                           'their captions with two encoders, the towers, trained together: for a '
                           'batch of $B$ (image, text) pairs it predicts which of the $B \\times '
                           'B$ pairings actually occurred, raising the cosine similarity of the '
                           '$B$ true pairs and lowering that of the $B^2 - B$ others. The towers '
                           'share no weights: the count is the sum of theirs and of the few '
                           'tensors that join them.',
                           'The text tower is a Transformer of [[N]] layers, [[H]] wide, with '
                           '[[h]] heads and masked (causal) self-attention, each layer LayerNorm '
                           'first. A text of at most [[L]] tokens from a vocabulary of [[V]] is '
                           'looked up in the token table and added to a learned position table '
                           '(`position_embedding`, [[L]] rows). After a final LayerNorm, the text '
                           'is represented by the state at its end-of-text token.',
                           'The vision tower is a Vision Transformer. An image of $R \\times R$ '
                           'pixels with [[C]] channels is cut into $\\lfloor R/P \\rfloor^2$ '
                           'patches of $P \\times P$ pixels, and one convolution with kernel and '
                           'stride [[P]] and no bias (`patch_embedding`, weight $H_{\\mathrm{vis}} '
                           '\\times C \\times P \\times P$) maps the $C P^2$ pixels of each patch '
                           'linearly to [[H_vis]] numbers. A learned class embedding '
                           '(`class_embedding`, [[H_vis]] numbers) is put in front of them, and a '
                           'learned position table adds one row to each of the $\\lfloor R/P '
                           '\\rfloor^2 + 1$ tokens. As the paper notes, CLIP adds a LayerNorm to '
                           'these embeddings before the transformer (`pre_layrnorm`, so spelled in '
                           '`transformers`); after the [[N_vis]] layers, the state of the class '
                           'token is normalised once more (`post_layernorm`) and represents the '
                           'image. The vision tower runs on these $\\lfloor R/P \\rfloor^2 + 1$ '
                           'tokens whatever the length of the text: in the FLOPs below, $s$ is the '
                           "text's length alone.",
                           'The towers meet in a shared space of [[d_proj]] numbers, where a '
                           "linear projection without bias takes each tower's representation "
                           '(`text_projection` from [[H]] numbers, `visual_projection` from '
                           '[[H_vis]]). Both embeddings are normalised to length 1, so the product '
                           "of the $B$ texts' embeddings with the $B$ images' is the $B \\times B$ "
                           'table of cosine similarities: $2 B^2 d_{\\mathrm{proj}}$ FLOPs, which '
                           'grow with the batch, not with the tokens.',
                           'The similarities are multiplied by $e^{t}$, where $t$ is a single '
                           'learned number (`logit_scale`): the logarithm of an inverse '
                           'temperature, $1/\\tau = e^{t}$. The paper initialises $\\tau$ at '
                           '$0.07$ ($t = \\ln(1/0.07) \\approx 2.659$, the '
                           '`logit_scale_init_value` of `transformers`) and learns it with the '
                           'rest, clipping $e^{t}$ at 100. It is the one scalar in the count: a '
                           'tensor of shape $()$.'],
             'SiglipModel': ["SigLIP (Zhai et al. 2023) keeps CLIP's two towers but replaces its "
                             'loss: instead of a $\\mathrm{softmax}$ over the batch, each of the '
                             '$B \\times B$ (image, text) pairings is a question of its own, true '
                             'pair or not, answered by a sigmoid $\\sigma$ of its logit. Each '
                             "pairing's loss stands alone: nothing is normalised across the batch.",
                             "The text tower is CLIP's without the causal mask, read at its last "
                             'token, whose state a linear head with bias (`head`) maps to '
                             '[[d_proj]] numbers. The vision tower is a Vision Transformer without '
                             'class token: the patch convolution has a bias, the position table '
                             'has $\\lfloor R/P \\rfloor^2$ rows, no LayerNorm precedes the layers '
                             'and the last one normalises every patch. A multihead attention '
                             'pooling head then reads the patches: one learned query (`probe`) '
                             "attends to all of them through torch's `nn.MultiheadAttention`, "
                             'whose query, key and value projections are packed in one $3 '
                             'H_{\\mathrm{vis}} \\times H_{\\mathrm{vis}}$ matrix '
                             '(`in_proj_weight`), followed by a LayerNorm and an MLP with a '
                             "residual. Its output, [[H_vis]] numbers, is the image's embedding as "
                             'it is: nothing projects it, so [[d_proj]] must equal [[H_vis]].',
                             'The logits are $e^{t}\\, x \\cdot y + b$ for the normalised '
                             'embeddings $x$ and $y$, with a learned scale (`logit_scale`, $t$) '
                             'and a learned bias (`logit_bias`, $b$), one number each. The paper '
                             'initialises them at $t = \\ln 10$ and $b = -10$, so that training '
                             'starts by judging most pairings false, as most are.'],
             'internvl': ['InternVL (Chen et al. 2024) joins a large vision encoder, InternViT, to '
                          'a language model through a small MLP; InternVL 2.5, 3 and 3.5 keep the '
                          'plan. InternViT is a ViT with layer scale: an $R \\times R$ image is '
                          'cut into $\\lfloor R/P \\rfloor^2$ patches of $P \\times P$ pixels by a '
                          'convolution with bias (`patch_embeddings`), a class token (`cls_token`) '
                          'is put in front, and a learned position table adds one row to each of '
                          'the $\\lfloor R/P \\rfloor^2 + 1$ tokens. Each of its [[N_vis]] layers '
                          'normalises, attends with [[h_vis]] heads, and multiplies the '
                          "attention's output by a learned vector of [[H_vis]] numbers "
                          '(`lambda_1`) before adding it back; its MLP, [[d_ff_vis]] wide, is '
                          'scaled the same way (`lambda_2`). The two vectors cost $2 '
                          'H_{\\mathrm{vis}}$ parameters a layer. The tower runs on each image '
                          'alone.',
                          "The projector is given fewer, wider tokens. It drops the class token's "
                          "state, lays the patches' states out on their $\\lfloor R/P \\rfloor "
                          '\\times \\lfloor R/P \\rfloor$ grid and shuffles it: each block of $m '
                          '\\times m$ neighbours ([[m]] is the inverse of `downsample_ratio`) '
                          'becomes one vector of $m^2 H_{\\mathrm{vis}}$ numbers. A LayerNorm over '
                          "those numbers (`layer_norm`), `linear_1` into the language model's "
                          'width [[H]], a GELU and `linear_2` follow. An image so becomes '
                          '$(\\lfloor R/P \\rfloor / m)^2$ tokens, $m^2$ times fewer than its '
                          "patches, and the projector's first matrix reads $m^2 H_{\\mathrm{vis}}$ "
                          "numbers a token, $m^2$ times the tower's width.",
                          'The processor cuts a large image into tiles of $R \\times R$ pixels and '
                          'adds the whole image shrunk to one more tile: each tile is one image '
                          'here, and [[n_img]] counts them. The language model is the decoder the '
                          "`text_config` names, Qwen2's in InternVL3 and Qwen3's in most of "
                          'InternVL3.5 (or a LLaMA): a token table of [[V]] rows, [[N]] layers in '
                          'which [[h]] query heads share [[h_kv]] key/value heads, a SwiGLU MLP '
                          '[[d_ff]] wide, and, in `InternVLForConditionalGeneration`, an LM head '
                          'tied to the table unless the file says otherwise. It reads the image '
                          "tokens in place of the image's placeholders: with [[n_img]] tiles and "
                          '$s$ text tokens it runs on $s + n_{\\mathrm{img}} (\\lfloor R/P '
                          '\\rfloor / m)^2$ positions, all of them in its KV cache.'],
             'gemma3': ['Gemma 3 (Gemma Team 2025) reads images and text with one decoder. An '
                        'image first passes a SigLIP vision encoder, the same for every size of '
                        'the family that reads images, kept frozen while the language model '
                        'trains. An $R \\times R$ image with [[C]] channels is cut into $\\lfloor '
                        'R/P \\rfloor^2$ patches of $P \\times P$ pixels; a convolution with '
                        'kernel and stride [[P]] and a bias (`patch_embedding`) maps each to '
                        '[[H_vis]] numbers, and a learned position table adds one row to each '
                        'patch. [[N_vis]] pre-LN layers with [[h_vis]] heads follow, and '
                        '`post_layernorm` normalises every patch. The tower runs on each image '
                        'alone: its attention never crosses from one image to another.',
                        'The multimodal projector makes each image a fixed number of soft tokens, '
                        '[[s_img]] (`mm_tokens_per_image`), whatever it shows. It lays the '
                        "patches' states out on their $\\lfloor R/P \\rfloor \\times \\lfloor R/P "
                        '\\rfloor$ grid and averages them in square blocks (an average pool, '
                        "without weights), normalises each pooled vector with Gemma's RMSNorm "
                        '(`mm_soft_emb_norm`, [[H_vis]] weights) and multiplies it by one '
                        '$H_{\\mathrm{vis}} \\times H$ matrix without bias '
                        "(`mm_input_projection_weight`) into the decoder's width: $2 "
                        's_{\\mathrm{img}} H_{\\mathrm{vis}} H$ FLOPs an image. So the pooling '
                        'decides what an image costs the decoder: its [[s_img]] tokens, not the '
                        "tower's $\\lfloor R/P \\rfloor^2$ patches, enter the decoder's sequence "
                        'and its KV cache.',
                        "The decoder is Gemma 3's language model: a token table of [[V]] rows "
                        '(scaled by $\\sqrt{H}$), [[N]] layers with four RMSNorms each (before and '
                        'after the attention and the MLP), grouped-query attention with [[h_kv]] '
                        'key/value heads for [[h]] query heads and an RMSNorm over each head of '
                        '$q$ and $k$, and a gated GELU MLP of [[d_ff]]. In the paper five layers '
                        'attend within a sliding window of [[W]] positions for each one that '
                        'attends to the whole sequence, which keeps the KV cache of a long context '
                        "small. Each image's tokens take the place of its placeholder in the text: "
                        'with [[n_img]] images and $s$ text tokens, the decoder reads $s + '
                        'n_{\\mathrm{img}} s_{\\mathrm{img}}$ positions, and the LM head shares '
                        'the token table.'],
             'llava': ['LLaVA (Liu et al. 2023) teaches a language model to read images by putting '
                       "a pretrained vision encoder's states into its sequence as tokens. The "
                       "vision tower is the one the config names, CLIP's here unless it says "
                       "SigLIP's: an $R \\times R$ image is cut into $\\lfloor R/P \\rfloor^2$ "
                       'patches of $P \\times P$ pixels and run through [[N_vis]] layers [[H_vis]] '
                       'wide. LLaVA reads the states of one of the last layers (the second to '
                       'last, by default) rather than the last, so `transformers` builds the whole '
                       "tower and runs it whole: every layer counts and every layer's FLOPs are "
                       'spent, whichever one is read.',
                       'The projector is the one part trained from the start: `linear_1` maps each '
                       "kept state (with the default strategy, every patch; CLIP's class token is "
                       "left out) from [[H_vis]] numbers to the language model's [[H]], a GELU "
                       'follows, and `linear_2` maps [[H]] to [[H]], each with a bias. LLaVA-1.5 '
                       'made it this two-layer MLP where the first LLaVA had one linear layer. '
                       'Every kept state becomes one token: an image becomes [[s_img]] tokens, as '
                       'many as the tower has patches, so the image costs the language model as '
                       'much as that many words.',
                       "The language model is a LLaMA (Vicuna's weights, in LLaVA-1.5): a token "
                       'table of [[V]] rows, [[N]] layers and an LM head of its own. It reads the '
                       "image tokens in place of the image's placeholder: with [[n_img]] images "
                       'and $s$ text tokens, it runs on $s + n_{\\mathrm{img}} s_{\\mathrm{img}}$ '
                       'positions, and its KV cache holds them all.'],
             'llava_next': ['LLaVA-NeXT (Liu et al. 2024, also called LLaVA-1.6) and '
                            "LLaVA-OneVision (Li et al. 2024) keep LLaVA's three parts: a vision "
                            "tower of [[N_vis]] layers [[H_vis]] wide (CLIP's in LLaVA-NeXT unless "
                            "the config names SigLIP's; SigLIP's without its pooling head in "
                            'LLaVA-OneVision), the two-layer projector from [[H_vis]] numbers to '
                            "the language model's [[H]], and the language model (a LLaMA or a "
                            'Mistral in LLaVA-NeXT, a Qwen2 in LLaVA-OneVision). The weights gain '
                            'one tensor: `image_newline`, [[H]] learned numbers.',
                            'What changes is how an image is read (AnyRes). The processor picks, '
                            'among the `image_grid_pinpoints`, the resolution that fits the image '
                            'best, cuts it into tiles of $R \\times R$ pixels and adds the whole '
                            'image shrunk to one more tile. The tower runs on every tile and the '
                            "projector maps every state it keeps; the tiles' features are laid "
                            'back on one grid, the rows or columns of padding the resize added are '
                            "cut off so that the grid keeps the image's aspect ratio, and "
                            '`image_newline` is written after each row, so that the language model '
                            'sees where a row ends. An image therefore becomes a number of tokens '
                            'that depends on its size and shape: the weights counted here do not, '
                            'the forward pass does. The tiles the tower reads, [[n_tile]], and the '
                            "tokens an image becomes, [[s_img]], are no closed form in the image's "
                            'size (the best fit among the pinpoints, the rounding of the padding): '
                            "symparam works them out for one size with the processor's own "
                            'arithmetic and binds them as numbers. LLaVA-OneVision shrinks the '
                            "grid's features (bilinearly) where they hold more than about K tiles' "
                            'worth (`vision_aspect_ratio`, `anyres_max_K`), and reads each of '
                            'several images a sequence whole, as one tile and a newline.'],
             'Mistral3ForConditionalGeneration': ['Mistral Small 3.1 (Mistral AI 2025) reads '
                                                  "images with Pixtral's vision encoder (Agrawal "
                                                  'et al. 2024), trained from scratch to take '
                                                  'images at their own size and shape. It has no '
                                                  'position table: an $R \\times R$ image is cut '
                                                  'into $\\lfloor R/P \\rfloor^2$ patches of $P '
                                                  '\\times P$ pixels by a convolution without '
                                                  'bias, each patch is normalised by an RMSNorm '
                                                  '(`ln_pre`), and each attention head turns its '
                                                  "queries and keys by the patch's row and column "
                                                  '(two-dimensional rotary embeddings, which hold '
                                                  'no weights). Its [[N_vis]] layers, [[H_vis]] '
                                                  "wide, are built like a language model's: "
                                                  'RMSNorms, attention without biases and a gated '
                                                  'MLP. `transformers` runs all the images of a '
                                                  'forward pass as one sequence with a '
                                                  'block-diagonal mask, so its attention '
                                                  'multiplies every patch by every patch of every '
                                                  "image: the tower's attention products grow with "
                                                  'the square of the images a batch holds.',
                                                  "The projector normalises each patch's state (an "
                                                  'RMSNorm over [[H_vis]] numbers), then the patch '
                                                  'merger joins each block of $m \\times m$ '
                                                  'neighbouring patches into one vector of $m^2 '
                                                  'H_{\\mathrm{vis}}$ numbers, which '
                                                  '`merging_layer` maps back to [[H_vis]] without '
                                                  'bias: an image becomes $m^2$ times fewer tokens '
                                                  'than it has patches. `linear_1` maps each token '
                                                  "to the language model's [[H]], a GELU follows, "
                                                  'and `linear_2` maps [[H]] to [[H]], with biases '
                                                  'only where `multimodal_projector_bias` says so. '
                                                  "The processor lays an image's tokens out in "
                                                  'rows and ends each row with an `[IMG_BREAK]` '
                                                  'token, the last with `[IMG_END]`, so that the '
                                                  'language model sees where each row of the image '
                                                  'ends: an image takes $\\lfloor \\lfloor R/P '
                                                  '\\rfloor / m \\rfloor^2 + \\lfloor \\lfloor R/P '
                                                  '\\rfloor / m \\rfloor$ positions.',
                                                  'The language model is a Mistral decoder '
                                                  "(Mistral Small 3's, in Mistral Small 3.1): a "
                                                  'token table of [[V]] rows, [[N]] layers of '
                                                  'grouped-query attention, in which [[h]] query '
                                                  'heads share [[h_kv]] key/value heads, with a '
                                                  'SwiGLU MLP [[d_ff]] wide, and an LM head. It '
                                                  'reads the image tokens and row ends in place of '
                                                  "the image's placeholder: with [[n_img]] images "
                                                  'and $s$ text tokens it runs on all their '
                                                  'positions, and its KV cache holds them all.'],
             'qwen2_5_vl': ['Qwen2.5-VL (Qwen Team 2025) reads each image at its own resolution '
                            'instead of resizing it to a fixed square. Its processor rounds the '
                            "image's height and width to multiples of $m P$, scaling it to stay "
                            'within a least and a most number of pixels, and repeats it [[P_t]] '
                            'times along time, as if it were a short video. The vision tower cuts '
                            'it into patches of $P_t \\times P \\times P$ pixels with [[C]] '
                            'channels, and one 3-D convolution without bias (`patch_embed.proj`, '
                            'weight $H_{\\mathrm{vis}} \\times C \\times P_t \\times P \\times P$) '
                            'maps each patch to [[H_vis]] numbers. There is no position table: '
                            "rotary embeddings turn each head by the patch's row and column.",
                            '[[N_vis]] blocks follow, each an RMSNorm, an attention with [[h_vis]] '
                            'heads whose queries, keys and values come from one fused matrix '
                            '(`qkv`, with a bias), an RMSNorm and a gated MLP of [[d_ff_vis]] with '
                            'biases. Most blocks attend only within windows of $\\lfloor '
                            'W_{\\mathrm{vis}}/(m P) \\rfloor \\times \\lfloor '
                            'W_{\\mathrm{vis}}/(m P) \\rfloor$ merged tokens; the blocks '
                            '`fullatt_block_indexes` lists attend over the whole image. Windows '
                            'change no weight, only the work: a windowed block multiplies '
                            "[[Q_win]] query–key pairs of an image (its windows' patches, squared "
                            'and summed) where a full block multiplies the square of all its '
                            "patches, so the tower's cost grows nearly in proportion to the "
                            "image's area.",
                            'The patch merger (`merger`) normalises each patch (`ln_q`), joins '
                            'each $m \\times m$ block of neighbouring patches into one vector of '
                            '$m^2 H_{\\mathrm{vis}}$ numbers and maps it by a two-layer MLP with a '
                            'GELU (`mlp.0`, `mlp.2`, with biases) to [[H_out]] numbers, the '
                            "language model's width: an image becomes [[s_img]] tokens, one for "
                            "every $m^2$ patches. The language model is Qwen2.5's decoder: a token "
                            'table of [[V]] rows, [[N]] layers with grouped-query attention '
                            '([[h_kv]] key/value heads for [[h]] query heads, biases on $q$, $k$ '
                            'and $v$) and a SwiGLU MLP of [[d_ff]], and an LM head of its own. It '
                            'reads $s + n_{\\mathrm{img}} s_{\\mathrm{img}}$ positions; its rotary '
                            "embeddings give an image's tokens a time, a row and a column, and add "
                            'no weight.'],
             'whisper': ['Whisper (Radford et al. 2022) is an encoder–decoder Transformer that '
                         'turns speech into text. Its input is a log-mel spectrogram of 30 seconds '
                         'of audio: $2 L_{\\mathrm{enc}}$ frames, one every 10 ms, of [[n_mels]] '
                         'mel bins each.',
                         'The encoder starts with a small stem of two one-dimensional convolutions '
                         'that take the mel bins as channels and slide along time, each with a '
                         'kernel of width 3 and followed by a GELU. The first (`conv1`) maps the '
                         '[[n_mels]] bins to [[H]] channels and keeps every frame; the second '
                         '(`conv2`, [[H]] to [[H]]) has a stride of 2 and so halves the frames to '
                         "[[L_enc]]. Sinusoidal position embeddings are then added to the stem's "
                         'output: `transformers` keeps them as a table of [[L_enc]] rows '
                         '(`embed_positions`) that it fills with sinusoids and freezes, and counts '
                         'its weights like any other.',
                         'Pre-activation residual blocks follow (a LayerNorm before the '
                         'self-attention and before the MLP), and a final LayerNorm closes the '
                         'encoder. The decoder adds learned position embeddings ([[L]] rows) to '
                         'its token embeddings and runs the same blocks, its self-attention '
                         "masked, with cross-attention over the encoder's [[L_enc]] states; its "
                         'output projection (`proj_out`) is the token table itself. In every '
                         'attention the key projection has no bias. In the paper the encoder and '
                         'decoder have the same width and number of blocks; a config gives each '
                         'its own.',
                         'The encoder always runs on its [[L_enc]] positions (the first '
                         'convolution on $2 L_{\\mathrm{enc}}$ frames), however long the text: in '
                         "the FLOPs below, $s$ is the decoder's tokens alone."]},
 'diff': {'title': 'From {a} to {b}: what changed',
          'intro': 'The parameter count of {b} minus that of {a}, term by term. Tensors are '
                   'matched by what they are in the block tree (their kind of block, weight or '
                   'bias, which table), not by their names, so a renamed tensor is no change. Each '
                   'term is a block added or removed, a block replaced, the head tied or untied, '
                   'or a width or count changed, and the terms add up exactly to the difference.',
          'models': 'A is {a} ({a_label}); B is {b} ({b_label}).',
          'closed_forms': 'The two closed forms',
          'difference': "B's count minus A's, each model's hyperparameters written with the same "
                        'symbols:',
          'structure': "Structure, at A's widths",
          'structure_after': "Structure, at B's widths",
          'widths': "Widths and counts, in B's structure",
          'widths_first': "Widths and counts first, in A's structure",
          'together': 'Each model at its own values',
          'sum': 'The sum',
          'depends': 'Hyperparameters that enter one count only',
          'compute': 'Forward FLOPs',
          'cache': 'KV cache',
          'rule_structure': "Each part of B is set against A's, B's formula evaluated at A's "
                            "values ({values}). A size that B has and A lacks takes the value A's "
                            'tree implies (multi-head attention has as many key/value heads as '
                            "query heads), else B's own.",
          'rule_widths': "Then each hyperparameter moves from A's value to B's, one at a time in "
                         'the order symparam prints them, each at the values the ones before it '
                         'already took.',
          'rule_widths_first': "B's rules do not hold at A's widths, so the widths move first, one "
                               "at a time in A's structure, and the structure then changes at B's "
                               'widths ({values}).',
          'rule_together': "Neither model's rules hold at the other's widths: each part is counted "
                           "at each model's own values.",
          'no_values': 'No values are given: the terms are formulas in the shared symbols.',
          'no_change': 'Nothing changes.',
          'total': 'In all: {delta} = {b_count} − {a_count}.',
          'matters': '{symbol} enters the count of {model}, not that of {other}.',
          'no_symbol': '{symbol} enters the count of {model}; {other} has no such hyperparameter.',
          'compute_intro': 'Forward FLOPs for a batch of B = {batch} with s = {seq} tokens a '
                           'sequence, counted as {command} counts them, split the same way.',
          'cache_intro': 'The numbers a decoder keeps after s = {seq} tokens (keys and values, per '
                         'sequence), split the same way.',
          'form_detail': '{name} ({detail})',
          'built_otherwise': '{forms} as before, placed or sized otherwise',
          'row': '{part}, {cause}: {what}',
          'step': '{symbol}: {before} → {after}',
          'columns': {'part': 'Part',
                      'cause': 'Cause',
                      'change': 'What changed',
                      'formula': 'Formula',
                      'delta': 'Change',
                      'at_a': "At A's widths",
                      'at_b': "At B's widths",
                      'step': 'Hyperparameter',
                      'model': 'Model',
                      'count': 'Count'},
          'part': {'embeddings': 'embeddings',
                   'attention': 'attention',
                   'mlp': 'MLP / experts',
                   'norms': 'norms',
                   'head': 'head',
                   'other': 'other'},
          'cause': {'added': 'added',
                    'removed': 'removed',
                    'replaced': 'replaced',
                    'tying': 'tying',
                    'width': 'width or count'},
          'unit': {'tokens': 'token table',
                   'positions': 'position table',
                   'token_types': 'token-type table',
                   'table': 'table',
                   'bias': 'biases',
                   'pooler': 'pooler (a layer on the first token)',
                   'scores': 'attention over the sequence',
                   'untied': 'head untied from the token table',
                   'tied': 'head tied to the token table',
                   'body': '{part}'},
          'form': {'multi_head': 'multi-head attention',
                   'grouped_query': 'grouped-query attention',
                   'multi_query': 'multi-query attention',
                   'latent': 'latent attention',
                   'layernorm': 'LayerNorm',
                   'layernorm_no_bias': 'LayerNorm without bias',
                   'layernorm_no_affine': 'LayerNorm without weights',
                   'rmsnorm': 'RMSNorm',
                   'mlp': 'MLP',
                   'gated_mlp': 'gated MLP',
                   'experts': 'experts'}},
 'fitted_inputs': {'run_on': 'run on {inputs}',
                   'images': '{count} images of {height} × {width} pixels with {channels} channels '
                             'each',
                   'images_one': '{count} image of {height} × {width} pixels with {channels} '
                                 'channels',
                   'tokens': '{count} sequences of {seq} tokens',
                   'tokens_one': '{count} sequence of {seq} tokens',
                   'and': ' and ',
                   'videos': '{count} videos of {frames} frames of {height} × {width} pixels with '
                             '{channels} channels each',
                   'videos_one': '{count} video of {frames} frames of {height} × {width} pixels '
                                 'with {channels} channels',
                   'waveforms': '{count} waveforms of {samples} samples each, {frames} frames '
                                'after the feature encoder',
                   'waveforms_one': '{count} waveform of {samples} samples, {frames} frames after '
                                    'the feature encoder',
                   'spectrograms': '{count} log-mel spectrograms of {bins} bins × {frames} frames '
                                   'each',
                   'spectrograms_one': '{count} log-mel spectrogram of {bins} bins × {frames} '
                                       'frames',
                   'features': '{count} sequences of {frames} feature frames of {width} values '
                               'each',
                   'features_one': '{count} sequence of {frames} feature frames of {width} values '
                                   'each'},
 'families': {}}
