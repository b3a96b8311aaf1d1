# templates/lang/zh.toml as a Python literal: written by tools/compile_templates.py, never edited
SOURCE = '70593:ca99a3e6'
TABLE = {'title': '{model} 的参数量',
 'intro': '{architecture} 一共有多少参数？下文的每个数字都由 symparam 根据模型的模块树推导得出，模块名与模型 {names} 中的名称一致。',
 'intro_symbolic': '{family}系列（{architecture}）的参数量，写成超参数的公式，不代入具体数值。',
 'description': '模型：{description}。',
 'described': {'config': '{key} 为 {model_type} 的 config.json，按 {label} 计数',
               'changed': '预设 {preset}，改为 {changes}',
               'fitted_config': '{key} 为 {model_type} 的 config.json，按 {label} 计数，参数由 '
                                'transformers（{version} 版）的模块树读出',
               'fitted': '{label}，参数由 transformers（{version} 版）的模块树逐个模块读出'},
 'headings': {'per_gpu': '每块 GPU 的显存',
              'hyperparameters': '超参数',
              'components': '逐层计算',
              'total': '总参数量',
              'tied': '权重共享',
              'dropouts': '哪些超参数不影响参数量',
              'memory': '权重占用的内存',
              'compute': '计算量',
              'reported': '与论文公布的参数量对比',
              'summary': '一览'},
 'columns': {'symbol': '符号',
             'meaning': '含义',
             'value': '取值',
             'key': '配置项',
             'module': '模块',
             'shape': '权重形状',
             'bias': '偏置',
             'params': '参数量',
             'count': '数值',
             'part': '部分',
             'flops': 'FLOPs',
             'dtype': '数据类型',
             'bytes_per_param': '每个参数的字节数',
             'bytes': '字节数',
             'binary': '二进制单位',
             'decimal': '十进制单位',
             'share': '占比',
             'kind': '块的类型',
             'formula': '公式',
             'rule': '经验公式',
             'defined': '作者对参数的定义',
             'gap': '偏差'},
 'meaning': {'N': '层数',
             'N_dec': '解码器层数',
             'V': '词表大小',
             'L': '最大位置数（位置编码表的行数）',
             'T': '句子类型（段）数',
             'H': '隐藏层维度',
             'd_ff': '前馈网络中间层维度',
             'h': '注意力头数',
             'h_kv': '键/值头数',
             'd_head': '每个头的维度',
             'd_rot': '部分旋转位置编码在每个头中旋转的维度',
             'd_emb': '词嵌入维度（因式分解嵌入时不同于 H）',
             'G': '不同层组的个数',
             'K': '每个层组中的层数',
             'B': '批大小（一次前向传播的序列数）',
             's': '序列长度（每个序列的词元数）',
             's_dec': '解码器序列长度（编码器-解码器模型）',
             'n_img': '每个序列包含的图像数（视觉语言模型）',
             's_img': '每张图像在语言模型序列中变成的词元数',
             'n_tile': '视觉塔从每张图像读取的 R × R 像素图块数（LLaVA-NeXT 的网格图块，加上缩成一块的整张图像）',
             'M': '前馈层维度取整的倍数（LLaMA 的 multiple_of）',
             'W': '滑动窗口：窗口层每个位置能关注的位置数',
             'W_chunk': '注意力分块大小：分块注意力层把序列切成每块这么多个位置，每个位置只关注自己所在块内的位置',
             'E': '每个 MoE 层的路由专家数',
             'k': '每个词元路由到的专家数（top-k）',
             'E_g': '路由专家被分成的组数（DeepSeek-V3）',
             'k_g': '每个词元从中挑选专家的组数',
             'd_moe': '单个专家的前馈中间层维度',
             'E_sh': '每个 MoE 层的共享专家数',
             'd_sh': '共享专家的前馈中间层维度',
             'N_dense': 'MoE 层之前的稠密层数',
             'r_q': '查询压缩的秩（MLA）',
             'r_kv': '键值压缩的秩（MLA）',
             'd_rope': '每个查询/键头中旋转位置编码部分的维度（MLA、GPT-J）',
             'd_nope': '每个查询/键头中不含旋转编码部分的维度（MLA）',
             'd_v': '每个值头的维度（MLA）',
             'n_buckets': '相对位置偏置的分桶数',
             'n_rel': '共享相对位置表每一侧的相对位置数（整张表的行数是它的 2 倍）',
             'k_conv': '第一层之后卷积的卷积核大小',
             'g_conv': '该卷积的分组数',
             'R': '图像边长（像素）',
             'P': '图像块边长（像素）',
             'r_img': '一张图像（或一个图块）的词元排成的行数，也是每行的个数：图像块网格按 m × m 合并后每边的个数',
             'Q_win': '窗口注意力层中一张图像的查询–键对数：各窗口内图像块数的平方之和',
             'L_vis': '视觉塔位置表的行数（按每张图像的网格插值）',
             'P_t': '每个图像块跨越的帧数（时间维图像块大小）',
             'm': '每边合并成一个词元的图像块数（空间合并大小）',
             'W_vis': '视觉塔注意力窗口的边长（像素）',
             'H_out': '视觉塔图像块合并器的输出维度',
             'd_adp': '视觉适配器 MLP 的内层维度（第一层的输出）',
             'H_adp': '视觉适配器 MLP 的输出维度',
             'H_img': '多模态投影层读入的图像特征维度',
             'C': '图像通道数',
             'd_pool': '池化层的输出维度',
             'S': '编码器步长：掩码图像解码器由每个图像块重建的边长（像素）',
             'n_labels': '分类头的标签数',
             'd_0': '输入维度',
             'd_i': '第 {i} 个线性层的输出维度',
             'V_dec': '解码器词表大小（解码器有自己的词表时，如 Marian）',
             'L_enc': '编码器位置数：卷积之后的音频帧数（Whisper）',
             'd_ff_dec': '解码器前馈网络中间层维度',
             'h_dec': '解码器注意力头数',
             'N_vis': '视觉塔的层数',
             'H_vis': '视觉塔的隐藏层维度',
             'd_ff_vis': '视觉塔前馈网络中间层维度',
             'h_vis': '视觉塔注意力头数',
             'd_proj': '投影维度：图文共享空间的维度（CLIP），或分类器投影的维度（Whisper）',
             'n_reg': '寄存器词元数（带寄存器的 DINOv2）',
             'r_mlp': '前馈网络宽度与隐藏层维度之比（DINOv2）',
             'n_mels': '音频输入的梅尔频带数',
             'H_i': '第 {i} 阶段的隐藏层维度',
             'N_i': '第 {i} 阶段的块数',
             'e': '状态空间混合层的扩展倍数（内部宽度为 e·H）',
             'd_inner': '状态空间混合层的内部宽度',
             'd_state': '状态维度：状态空间混合层每个通道保留的数',
             'd_conv': '因果深度卷积的宽度',
             'r_dt': '生成步长 Δ 的投影的秩',
             'h_ssm': 'Mamba-2 混合层的头数',
             'd_ssm': 'Mamba-2 混合层每个头的维度',
             'g_ssm': 'Mamba-2 混合层中共用 B 和 C 的组数',
             'h_lk': '线性注意力的查询/键头数',
             'h_lv': '线性注意力的值头数',
             'd_lk': '线性注意力每个查询/键头的维度',
             'd_lv': '线性注意力每个值头的维度'},
 'assumption_reason': {'d_head': 'h 个头平分隐藏层维度，每个头 H/h 维',
                       'd_ff': '前馈网络中间层是隐藏层维度的 4 倍',
                       'h_kv': '每个查询头都有自己的键/值头',
                       'N_dec': '解码器与编码器层数相同',
                       'd_pool': '池化层输出维度与隐藏层维度相同',
                       'd_ff_dec': '解码器的前馈网络与编码器的一样宽',
                       'h_dec': '解码器与编码器的注意力头数相同',
                       'V_dec': '解码器与编码器读同一个词表',
                       'd_inner': '混合层把隐藏层维度扩大 e 倍',
                       'r_dt': 'Mamba 默认的 Δ 投影秩：H 的十六分之一，向上取整'},
 'option': {'pooler': 'BertModel 的池化层：作用于第一个词元的 H × H 全连接层',
            'roberta_layout': '采用 RoBERTa 的模块命名和输出头',
            'tie_word_embeddings': '输出层（LM head）与词嵌入共用同一个矩阵',
            'heads_first': '输出头先于主体注册，因此共享矩阵记在输出头名下（XLM-RoBERTa）',
            'add_cross_attention': '每层都有一个关注编码器输出的交叉注意力',
            'project_embeddings': '有一个把嵌入维度 [[d_emb]] 映射到 H 的投影',
            'summary_projection': '多项选择的序列摘要带一个投影',
            'summary_to_labels': '序列摘要投影到 [[n_labels]] 个标签，而不是 H 维',
            'final_norm': '所有层之后有一个 LayerNorm',
            'enable_bias': '每个投影都带偏置',
            'norm_affine': 'LayerNorm 带权重和偏置',
            'attention_bias': '注意力的各个投影带偏置',
            'bias': '所有投影和 LayerNorm 都带偏置',
            'new_decoder_architecture': '新版结构：[[h_kv]] 个键/值头，两个并行的归一化层',
            'multi_query': '所有查询头共用一个键/值头',
            'parallel_attn': '注意力和前馈网络并行读取同一个输入',
            'parallel_norms': '每个并行块里有 {value} 个归一化层',
            'mlp_bias': '前馈网络的投影带偏置',
            'qa_under_transformer': '问答类把解码器放在 transformer 名下',
            'qkv_bias': 'q、k、v 投影带偏置',
            'mask_token': '有一个掩码词元，用来替换被遮住的图块',
            'swiglu': '前馈网络用 SwiGLU，宽度向上取整到 8 的倍数',
            'qk_norm_per_head': '对 q 和 k 的每个头各做一次 RMSNorm',
            'qk_norm=per_head': '对 q 和 k 的每个头各做一次 RMSNorm',
            'qk_norm=none': '不对 q 和 k 做归一化',
            'norm_placement=pre': '在注意力和前馈网络之前做归一化',
            'norm=rms': 'RMSNorm：有权重，没有偏置',
            'qk_norm': '在使用旋转位置编码的层中，对 q 和 k 的每个头做 L2 归一化（不带权重）',
            'rope_period': '每第 {value} 层不使用旋转位置编码（1：所有层都不使用）',
            'rope_layers': '各层依次使用（1）或不使用（0）旋转位置编码：{value}',
            'temperature_tuning': '不使用旋转位置编码的层把查询乘以随位置增大的温度系数',
            'qk_norm=full': '对整个 q 和整个 k 各做一次 RMSNorm',
            'norm_placement=post': '只在注意力和前馈网络之后做归一化',
            'norm_placement=sandwich': '注意力和前馈网络前后都有归一化',
            'fused_projections': 'q、k、v 合并成一个投影，gate 和 up 也合并成一个',
            'softcap_attention': '注意力分数经过 tanh 软截断',
            'softcap_logits': '输出 logits 经过 tanh 软截断',
            'norm=layer': '用带权重和偏置的 LayerNorm 代替 RMSNorm',
            'norm=layer_no_bias': '用只带权重、不带偏置的 LayerNorm 代替 RMSNorm',
            'norm=layer_no_weights': '用既无权重也无偏置的 LayerNorm 代替 RMSNorm',
            'plain_mlp': '不带门控的前馈网络：两个矩阵，H → [[d_ff]] → H',
            'norm_placement=parallel': '注意力和前馈网络并行，共用一个归一化层的输出',
            'qk_norm=head_weights': '对 q 和 k 的每个头做 LayerNorm，每个头有自己的权重',
            'qk_norm=head_list': '一组 LayerNorm，q 和 k 的每个头各一个',
            'qk_layernorm': '对 q 和 k 的每个头各做一次 LayerNorm',
            'sparse_step': '每隔 {value} 层有一个 MoE 层，其余为稠密层',
            'layer_pattern': '各层依次为 MoE 层（1）或稠密层（0）：{value}',
            'experts_first': '专家先于路由器注册',
            'shared_expert': '有一个共享专家，由一个单输出的门控决定其权重',
            'sinks': '每个头有一个可学习的注意力汇点（sink）',
            'expert_biases': '路由器和专家都带偏置',
            'q_lora': '查询先经过秩为 [[r_q]] 的低秩压缩',
            'dense_first': '前 [[N_dense]] 层是稠密层，其余是 MoE 层',
            'sparse_layers': '各层依次为 MoE 层（1）或稠密层（0）：{value}',
            'shared_experts': '[[E_sh]] 个共享专家，合并为一个宽 [[E_sh]]·[[d_moe]] 的 MLP',
            'share_embeddings': '源语言嵌入、目标语言嵌入和输出投影共用一张 V × H 的表',
            'gated': '带门控的前馈网络，有两个输入矩阵（T5 v1.1）',
            'is_decoder': '仅编码器的类也按解码器的方式构建，每个块都带交叉注意力',
            'layers': '{value} 个线性层',
            'stages': '{value} 个阶段，各有自己的宽度 [[H_i]] 和深度 [[N_i]]',
            'layer_scale': '每个块的输出乘以一个可学习的层缩放向量',
            'raw_outputs': '骨干网络输出的特征图不经过最后的 LayerNorm',
            'last_size': '`hidden_sizes` 列出 {value} 个宽度：最后的 LayerNorm 和分类器取最后一个宽度',
            'out_stages': '骨干网络输出的特征图（先是 stem，再是各阶段）：{value}',
            'relative_attention': '共享的相对位置表以及解耦的位置项',
            'c2p': '有内容到位置的注意力项',
            'p2c': '有位置到内容的注意力项',
            'share_att_key': '位置项复用本层的键、查询投影',
            'position_biased_input': '把绝对位置编码表加到词嵌入上',
            'token_types': '有句子类型（段）编码表',
            'embed_proj': '嵌入为 [[d_emb]] 维，再投影到 H',
            'rel_norm': '对相对位置表做 LayerNorm',
            'conv': '第一层之后沿序列做一次卷积',
            'legacy': 'BERT 式的 MLM 头，解码器与词嵌入表共享权重',
            'norm_bias': 'LayerNorm 带偏置',
            'decoder_bias': '掩码语言模型解码器带偏置',
            'classifier_bias': '预测头的全连接层带偏置',
            'local_layers': '各层依次为滑动窗口（1）或全局（0）注意力：{value}',
            'linear_layout': '投影按 torch 的 Linear 存储，为 输出 × 输入',
            'neo_attention': 'q、k、v 与输出投影各自独立，注意力分数不做缩放',
            'embedding_norm': '每个堆叠在嵌入之后有一个 LayerNorm',
            'pre_norm': '每个子层之前做 LayerNorm，每个堆叠之后再做一次',
            'sinusoidal': '固定的正弦位置编码表，共 L 行',
            'shared_vocab': '编码器和解码器共用一张词嵌入表（`shared`）',
            'own_decoder_vocab': '解码器的词元来自自己的词表，共 [[V_dec]] 个（`decoder_vocab_size`）',
            'vision_activation': '视觉塔的激活函数是 {value}',
            'vision_use_head': '视觉塔有注意力池化头：一个可学习的探针向量关注所有图像块，再经过 LayerNorm 和前馈网络',
            'siglip_tower': '视觉塔是 SigLIP 的：没有类别词元，切图像块的卷积带偏置',
            'projector_bias': '投影器的两层都带偏置',
            'projector_activation': '投影器的激活函数是 {value}',
            'feature_layers': '投影器把 {value} 个视觉层的状态拼在一起读入',
            'full_blocks': '视觉塔有 {value} 个块在整张图像上做注意力，其余的块只在窗口内做注意力',
            'deepstack_built': '构建 {value} 个 DeepStack 合并器，配置列出的每个视觉块各一个',
            'deepstack_run': '运行 {value} 个 DeepStack 合并器：只有视觉塔里确实存在的块对应的那些',
            'full_features': '投影器读入视觉塔留下的全部状态，包括第一个（CLIP 的类别词元）',
            'text_llama': '语言模型是 LLaMA',
            'text_model=qwen2': '语言模型是 Qwen2 的解码器，q、k、v 投影带偏置',
            'text_model=qwen3': '语言模型是 Qwen3 的解码器，q 和 k 的每个头各经过一个 RMSNorm',
            'text_model=llama': '语言模型是 LLaMA 的解码器',
            'vision_qkv_bias': '视觉塔的 q、k、v 投影带偏置',
            'vision_qk_norm': '视觉塔在拆分成各个头之前，对整个 q 和整个 k 各做一次 RMSNorm',
            'vision_rms_norm': '视觉塔各层用 RMSNorm 归一化（只有权重，没有偏置）',
            'position_table': '视觉塔有可学习的位置表，类别词元和每个图像块各占一行',
            'vision_post_norm': '视觉塔最后一层之后，对每个状态再做一次 LayerNorm',
            'text_mistral': '语言模型是 Mistral',
            'text_qwen2': '语言模型是 Qwen2',
            'text_gemma': '语言模型是 Gemma',
            'grid_pinpoints': '处理器在把图像切成图块之前可以缩放到的分辨率，高和宽依次排列：{value}',
            'aspect_ratio': '网格特征被缩小到约 K 个图块的量，K 按 vision_aspect_ratio 的写法：{value}',
            'whole_when_several': '一个序列含多张图像时，每张图像整体读成一个图块',
            'text_gemma2': '语言模型是 Gemma 2',
            'gemma_window': 'Gemma 的文本配置里写了 Gemma 2 才有的 sliding_window',
            'conv_bias': '深度卷积带偏置',
            'proj_bias': '输入投影和输出投影带偏置',
            'dt_bc_norms': '对 Δ、B、C 做不带权重的 RMSNorm（Falcon-Mamba）',
            'chunk_size': '扫描的分块长度 Q = {value}',
            'moe': '有 MoE 层（专家不止一个）',
            'attn_period': '每 {value} 层中有一层注意力层',
            'attn_offset': '第一个注意力层的编号为 {value}',
            'expert_period': '每 {value} 层中有一层 MoE 层',
            'expert_offset': '第一个 MoE 层的编号为 {value}',
            'full_attention_interval': '每 {value} 层中有一层全注意力，其余为线性注意力',
            'attention_pattern': '各层依次为全注意力（1）或线性注意力（0）：{value}',
            'softmax_routing': '路由器对 E 个 logits 取 softmax，而不是 sigmoid（DeepSeek-V2）',
            'grouped_attention': '分组查询注意力（q、k、v 三个投影，[[h_kv]] 个键/值头），旋转位置编码只旋转每个头 [[d_head]] 维中的 '
                                 '[[d_rot]] 维，不用潜在注意力（GLM-4.5）',
            'block_sparse_moe': '专家位于 `block_sparse_moe` 之下，只对路由器的前 k 个 logits 取 '
                                'softmax（GraniteMoE）',
            'weighted_layer_sum': '音频分类器先用 N + 1 个可学习的权重，对输入和各层输出的隐藏状态加权求和',
            'activation': '激活函数为 {value}',
            'summary_activation': '多项选择序列摘要的激活函数为 {value}',
            'pooler_activation': '池化层的激活函数为 {value}',
            'conv_activation': '卷积的激活函数为 {value}',
            'head_activation': '预测头的激活函数为 {value}',
            'mean_pooling': '分类器对所有词元取平均，而不是读第一个词元',
            'clip_qkv': '注意力把 Wqkv 的输出截断到固定范围',
            'parallel_residual': '注意力和前馈网络并行，各自对层的输入做归一化',
            'alibi': '用 ALiBi 位置偏置代替旋转位置编码',
            'window_period': '滑动窗口层的周期为 {value}（0：没有，1：全部，p：除每第 p 层外全部）',
            'window_layers': '各层依次为滑动窗口（1）或全注意力（0）：{value}',
            'norm=rms_gemma': 'Gemma 的 RMSNorm：乘以 1 + 权重',
            'norm=rms_olmo2': 'RMSNorm 在 fp32 下乘以权重',
            'partial_rotary': '旋转位置编码只旋转每个头 [[d_head]] 维中的 [[d_rot]] 维',
            'rotary_sliding': '只有滑动窗口层使用旋转位置编码',
            'rotary_fp32': '旋转位置编码表保持 fp32',
            'rotary_per_kind': '滑动窗口层和全注意力层各用自己的旋转位置编码表',
            'rotary_interleaved': '每一层都重新交错排列 fp32 的旋转位置编码表，并在 fp32 下旋转 q 和 k',
            'norm_topk_prob': '前 k 个路由权重重新归一化，使其和为 1',
            'falcon.bias': '每个投影都带偏置',
            'mlp.bias': '线性层带偏置',
            'transformer.final_norm': '编码器和解码器的堆叠之后各有一个 LayerNorm',
            'opt.project_embeddings': '层之前有把嵌入维度 [[d_emb]] 映射到 H 的投影，层之后再映射回去',
            'vit.pooler': 'ViTModel 的池化层：作用于类别词元的 H → [[d_pool]] 全连接层',
            'llama4.window_period': '以 [[W_chunk]] 个位置为一块做分块注意力的层，周期为 {value}（0：没有，1：全部，p：除每第 p '
                                    '层外全部）',
            'llama4.window_layers': '各层依次为分块注意力（1）或全注意力（0）：{value}'},
 'option_off': {'deepstack_built': '不构建 DeepStack 合并器',
                'deepstack_run': '没有 DeepStack 合并器运行',
                'full_blocks': '视觉塔的每个块都只在窗口内做注意力',
                'pooler': '没有池化层',
                'tie_word_embeddings': '输出层（LM head）有自己的 V × H 矩阵，不与词嵌入共用',
                'add_cross_attention': '没有关注编码器输出的交叉注意力',
                'project_embeddings': '没有投影：嵌入维度就是 H',
                'summary_projection': '多项选择的序列摘要不带投影',
                'final_norm': '所有层之后没有 LayerNorm',
                'enable_bias': '投影都不带偏置',
                'norm_affine': 'LayerNorm 不带权重和偏置',
                'attention_bias': '注意力的投影不带偏置',
                'bias': '投影和 LayerNorm 都不带偏置',
                'new_decoder_architecture': '原始结构：一个键/值头（或每个查询头各一个），一个归一化层',
                'multi_query': '每个查询头都有自己的键/值头',
                'parallel_attn': '先做注意力，再做前馈网络',
                'mlp_bias': '前馈网络的投影不带偏置',
                'qkv_bias': 'q、k、v 投影不带偏置',
                'mask_token': '没有掩码词元',
                'layer_scale': '没有层缩放',
                'swiglu': '前馈网络不带门控：两个矩阵，宽度为 [[r_mlp]]·H',
                'qk_layernorm': '不对 q 和 k 做 LayerNorm',
                'q_lora': '查询直接投影，不经过压缩',
                'dense_first': '每一层都是 MoE 层',
                'shared_experts': '没有共享专家',
                'share_embeddings': '源语言嵌入、目标语言嵌入和输出投影各有一张 V × H 的表',
                'gated': '普通前馈网络，只有一个输入矩阵（T5 v1.0）',
                'relative_attention': '没有相对位置：只有内容之间的注意力',
                'c2p': '没有内容到位置的注意力项',
                'p2c': '没有位置到内容的注意力项',
                'share_att_key': '位置项有自己的投影',
                'position_biased_input': '没有绝对位置编码表',
                'token_types': '没有句子类型（段）编码表',
                'embed_proj': '嵌入就是 H 维，不再投影',
                'rel_norm': '不对相对位置表做 LayerNorm',
                'conv': '没有卷积',
                'legacy': '直接乘以词嵌入表的输出头',
                'norm_bias': 'LayerNorm 不带偏置',
                'decoder_bias': '掩码语言模型解码器不带偏置',
                'classifier_bias': '预测头的全连接层不带偏置',
                'embedding_norm': '嵌入之后没有 LayerNorm',
                'pre_norm': '每个子层之后做 LayerNorm（后归一化）',
                'sinusoidal': '可学习的位置编码表，共 L + 2 行（偏移量 2）',
                'shared_vocab': '编码器和解码器各有自己的词嵌入表',
                'own_decoder_vocab': '解码器读编码器的词表',
                'vision_use_head': '视觉塔没有注意力池化头',
                'siglip_tower': '视觉塔是 CLIP 的：有类别词元，各层之前有 LayerNorm',
                'projector_bias': '投影器的各层不带偏置',
                'full_features': '投影器不读视觉塔的第一个状态（CLIP 的类别词元）',
                'text_llama': '语言模型不是 LLaMA',
                'vision_qkv_bias': '视觉塔的 q、k、v 投影不带偏置',
                'vision_qk_norm': '视觉塔不对 q 和 k 做归一化',
                'vision_rms_norm': '视觉塔各层用 LayerNorm 归一化（有权重和偏置）',
                'position_table': '视觉塔没有位置表',
                'vision_post_norm': '视觉塔最后一层之后没有归一化',
                'text_mistral': '语言模型不是 Mistral',
                'text_qwen2': '语言模型不是 Qwen2',
                'text_gemma': '语言模型不是 Gemma',
                'whole_when_several': '一个序列含多张图像时，每张图像也像单独一张时那样切成图块',
                'text_gemma2': '语言模型不是 Gemma 2',
                'gemma_window': 'Gemma 的文本配置里没有 Gemma 2 的键',
                'conv_bias': '深度卷积不带偏置',
                'moe': '没有 MoE 层：每层都是稠密前馈网络',
                'proj_bias': '输入投影和输出投影不带偏置',
                'weighted_layer_sum': '音频分类器只读最后一层的输出',
                'roberta_layout': '采用 BERT 的模块命名和输出头',
                'heads_first': '主体先于输出头注册，因此共享矩阵记在主体名下',
                'summary_to_labels': '序列摘要投影到 H 维',
                'mean_pooling': '分类器读第一个词元',
                'linear_layout': '投影按 GPT-2 的 Conv1D 存储，为 输入 × 输出',
                'neo_attention': 'GPT-2 的注意力：q、k、v 来自同一个投影（c_attn），注意力分数要缩放',
                'clip_qkv': '不截断 Wqkv 的输出',
                'parallel_residual': '先做注意力，再做前馈网络，各自前面有归一化',
                'alibi': '旋转位置编码',
                'qa_under_transformer': '问答类把解码器放在 model 名下',
                'qk_norm_per_head': '不对 q 和 k 的各个头做 RMSNorm',
                'qk_norm': '不对 q 和 k 的各个头做归一化',
                'temperature_tuning': '不使用旋转位置编码的层不把查询乘以温度系数',
                'fused_projections': 'q、k、v 以及 gate、up 各自是独立的投影',
                'softcap_attention': '注意力分数不做软截断',
                'softcap_logits': '输出 logits 不做软截断',
                'plain_mlp': '带门控的前馈网络（SwiGLU）：三个矩阵，gate 和 up 为 H → [[d_ff]]，down 再映射回 H',
                'partial_rotary': '旋转位置编码旋转每个头的全部维度',
                'rotary_sliding': '每一层都使用旋转位置编码',
                'rotary_fp32': '旋转位置编码表转换为模型的数据类型',
                'rotary_per_kind': '所有层共用一张旋转位置编码表',
                'rotary_interleaved': '所有层用同一张旋转位置编码表旋转',
                'block_sparse_moe': '专家位于 `mlp` 之下，对路由器的全部 logits 取 softmax',
                'experts_first': '路由器先于专家注册',
                'shared_expert': '没有共享专家',
                'sinks': '没有注意力汇点',
                'expert_biases': '路由器和专家都不带偏置',
                'norm_topk_prob': '前 k 个路由权重不重新归一化',
                'softmax_routing': '路由器对 E 个 logits 取 sigmoid，先选出最好的几组专家（DeepSeek-V3）',
                'grouped_attention': '多头潜在注意力（DeepSeek）',
                'dt_bc_norms': '不对 Δ、B、C 做归一化',
                'is_decoder': '按编码器的方式构建，没有交叉注意力',
                'raw_outputs': '骨干网络输出的特征图经过最后的 LayerNorm',
                'falcon.bias': '投影都不带偏置',
                'mlp.bias': '线性层不带偏置',
                'transformer.final_norm': '堆叠之后没有 LayerNorm',
                'opt.project_embeddings': '没有投影：嵌入维度就是 H',
                'vit.pooler': '没有池化层'},
 'kind': {'embedding': '嵌入',
          'attention': '注意力',
          'mixer': '序列混合层（状态空间、线性注意力）',
          'mlp': '前馈网络',
          'experts': '路由专家',
          'router': '路由器',
          'shared_experts': '共享专家',
          'norm': '归一化',
          'head': '输出头',
          'other': '其他',
          'scores': '对整个序列的注意力（打分与加权求和）',
          'conv': '卷积'},
 'text': {'gpu_intro': '在 {gpus} 块 GPU 上训练：数据并行 d = {dp}、张量并行 t = {tp}、流水线并行 p = '
                       '{pp}，{zero}，优化器方案为 {optimiser}。{psi} 是一块 GPU '
                       '持有的参数（被切分的张量取其分片，其余张量完整保留），{nd} 是 ZeRO 用来划分它们的数据并行进程数，每个进程持有 {share}。',
          'gpu_zero': '使用 ZeRO 第 {zero} 阶段',
          'gpu_no_zero': '不使用 ZeRO',
          'gpu_experts': '专家分布在 e = {ep} 个数据并行进程上；{psi_e} 是一块 GPU 持有的专家参数，在持有相同专家的 {nde} 个进程之间划分。',
          'gpu_only': '每块 GPU 持有 {params} 个参数。',
          'gpu_first': '负载最重的 GPU 位于流水线的第一段（共 {stages} 段中的第 {stage} 段，含词元嵌入表）：{params} 个参数。',
          'gpu_last': '负载最重的 GPU 位于流水线的最后一段（共 {stages} 段中的第 {stage} 段，含最后的归一化层和输出头）：{params} 个参数。',
          'gpu_middle': '负载最重的 GPU 位于流水线的第 {stage} 段（共 {stages} 段）：{params} 个参数。',
          'gpu_expert_params': '此外还持有 {params} 个专家参数。',
          'gpu_weights': '权重',
          'gpu_gradients': '梯度',
          'gpu_optimiser_state': '优化器状态',
          'gpu_total': '合计',
          'gpu_rules': '张量并行按 Megatron-LM 的方式切分张量（Shoeybi 等，2019）：q、k、v 以及 MLP 的 up 和 gate '
                       '投影按输出切分，输出投影和 down '
                       '投影按输入切分，词元嵌入表和输出头按词表切分；归一化层、行并行投影的偏置和路由器完整保留。ZeRO（Rajbhandari '
                       '等，2020）划分优化器状态（第 1 阶段），再加上梯度（第 2 阶段）和权重（第 3 阶段）。',
          'gpu_context': '上下文并行把每条序列的词元分到 c = {cp} 块 GPU 上，这些 GPU 持有相同的权重：梯度在 {nd} = d·c = {group} '
                         '块 GPU 之间归约，ZeRO 也在它们之间划分。',
          'gpu_sequence': '序列并行（Korthikanti 等，2022）把注意力头和内部宽度之外的激活值按词元分到 t 个张量并行进程上。',
          'gpu_activations': '激活值',
          'gpu_activations_counted': '{a} 是一个微批次（b = {b} 条序列，每条 s = {s} 个词元）在这块 GPU 上为反向传播保存的张量，按 '
                                     'transformers 的代码实际运行的方式，每个张量只计一次，数据类型为 {dtype}，{recompute}。',
          'gpu_activations_counted_images': '{a} 是一个微批次（b = {b} 个输入）在这块 GPU 上为反向传播保存的张量，按 '
                                            'transformers 的代码实际运行的方式，每个张量只计一次，数据类型为 '
                                            '{dtype}，{recompute}。',
          'gpu_recompute_none': '不做重计算',
          'gpu_recompute_selective': '采用选择性重计算',
          'gpu_recompute_full': '采用完全重计算',
          'gpu_activations_tp': '在张量并行下，这是一个进程的份额：注意力头以及 MLP 和专家的内部宽度各取 '
                                '1/t，每个头的宽度不变；归一化层、残差流和列并行线性层的输入完整保留，除非序列并行把它们切分。',
          'gpu_activations_sp': '启用序列并行时，注意力头和内部宽度之外的张量（归一化层、残差流、列并行线性层的输入、路由器）只保留 1/t 的词元。',
          'gpu_activations_sp_latent': '潜在注意力的潜向量及其归一化同样只保留 1/t 的词元，因为 Megatron-Core 的多头潜在注意力在每块 '
                                       'GPU 分到的那部分序列上计算它们。',
          'gpu_activations_cp': '启用上下文并行时，每块 GPU 只保留每条序列中 s/c = {tokens} 个词元的张量（c = {cp}；环形注意力不保留 '
                                's × s 的张量）。',
          'gpu_activations_ep': '专家部分的行数是这块 GPU 上的专家在容量因子 c = {c} 下接收的行数：每层 {rows}，不足的补齐。',
          'gpu_activations_pp': '在 Megatron-LM 的非交错 1F1B 调度下，流水线第 {q} 段在峰值时持有 {flight} 个微批次的激活值（m '
                                '= {m}）：这块 GPU 持有 {k} 个，每个 {one} 字节。各段依次为 {stages} 字节。',
          'gpu_activations_need_seq': '激活值和通信量需要给出序列长度（{seq}）。',
          'gpu_activations_refused': '这种布局下的激活值没有推导（原因见 {command}），合计中也不包含。',
          'gpu_no_activations': '不含激活值。',
          'gpu_kv': '推理时，B = {batch} 条序列的 KV 缓存在一个副本的每块 GPU 上占 {bytes} 字节（{binary}），由该副本的 t 和 p 块 '
                    'GPU 分担。',
          'gpu_kv_context': '推理时，B = {batch} 条序列的 KV 缓存在一个副本的每块 GPU 上占 {bytes} 字节（{binary}），由该副本的 '
                            't、p 和 c 块 GPU 分担。',
          'gpu_kv_latent': '推理时，B = {batch} 条序列的 KV 缓存在一个副本的每块 GPU 上占 {bytes} 字节（{binary}），由该副本的 p '
                           '块 GPU 分担：潜在注意力的缓存不按注意力头切分，t 块张量并行 GPU 各自保存完整的一份，因为 vLLM 把它当作单个键值头来解码。',
          'gpu_kv_latent_context': '推理时，B = {batch} 条序列的 KV 缓存在一个副本的每块 GPU 上占 {bytes} '
                                   '字节（{binary}），由该副本的 p 和 c 块 GPU 分担：潜在注意力的缓存不按注意力头切分，t 块张量并行 GPU '
                                   '各自保存完整的一份，因为 vLLM 把它当作单个键值头来解码。',
          'gpu_kv_stages': '各流水线段分到的份额不同，分别为 {stages} 字节；上面的数字取持有最多的那一段。',
          'gpu_traffic': '每个训练步的通信量',
          'gpu_traffic_intro': '每块 GPU 在一个训练步（m = {m} 个微批次）中发送的数据，以元素个数乘以每个元素的字节数计：',
          'gpu_element_bytes': '每个元素的字节数',
          'gpu_traffic_data': '数据并行的梯度通信',
          'gpu_traffic_data_zero3': '数据并行的梯度通信和 ZeRO-3 的权重收集',
          'gpu_traffic_tensor': '张量并行的全归约',
          'gpu_traffic_pipeline': '流水线各段之间的发送',
          'gpu_traffic_expert': '专家的全对全通信',
          'gpu_traffic_context': '上下文并行的环形传递',
          'gpu_traffic_refused': '{kind}：尚未对这个模型推导。',
          'gpu_traffic_rules': '通信量公式中，d 是持有相同权重的 GPU 数，{nstage} 是这块 GPU 上的层数。',
          'gpu_traffic_rules_data': '环形全归约从每块 GPU 发送其数据的 2(d − 1)/d，归约散射或全收集各发送其中一半。ZeRO-0 和 '
                                    'ZeRO-1 每步归约一次梯度；ZeRO-2 在每个微批次之后归约，最后收集一次权重；ZeRO-3 '
                                    '还要在每个微批次的前向和反向传播时收集权重（DeepSpeed 的调度）。',
          'gpu_traffic_rules_tensor': '张量并行在前向传播中全归约每个行并行块的输出；在反向传播中，对被切分的部分完整读取的每个张量全归约其梯度：块的输入，或潜在注意力的查询潜向量、键值潜向量和共享的旋转键（Megatron-LM）。',
          'gpu_traffic_rules_kinds': '这块 GPU 上的层不止一种，全归约方式相同的层合并计数：每种 {nk} 层，每层每个词元全归约 {wk} 个元素，即 '
                                     '{kinds}。',
          'gpu_traffic_rules_pipeline': '流水线的每一段把每个微批次的激活值传给下一段，再把梯度传回上一段。',
          'gpu_traffic_rules_expert': '专家并行在每个 MoE 层的前向和反向传播中以全对全方式交换词元。',
          'gpu_traffic_rules_moe': '其中 MoE 层的层数为 {ne}。',
          'gpu_traffic_rules_context': '环形注意力在每层把每块 GPU 的键和值沿环传递 3(c − 1) 次，每个词元 {wkv} 个数。',
          'gpu_bubble': 'Megatron-LM 的 1F1B 调度下的流水线气泡（Narayanan 等，2021）占理想单步耗时的 '
                        '{bubble}（{percent}）。',
          'gpu_fits': '这能放进一块 {limit} 字节（{limit_binary}）的 GPU，还剩 {spare} 字节。',
          'gpu_over': '这放不进一块 {limit} 字节（{limit_binary}）的 GPU：超出 {over} 字节（{over_binary}）。',
          'gpu_fits_without_activations': '（只计权重、梯度和优化器状态，不含激活值。）',
          'option_not': '未启用：{help}',
          'sentence_gap': '',
          'kind_formula': '{kind}：{formula}',
          'kind_share': '{kind}：{formula} = {value}（占该层的 {share}）',
          'options': '模型类的选项：',
          'assumptions': '假设：',
          'assumed_value': '由 {assumption} 得出',
          'none': '—',
          'section_parts': '包含：{names}。',
          'section_layer': '单层（{prefix}）；整个堆叠由 {count} 个结构相同的层组成，各层参数互不共享。',
          'section_layer_symbolic': '单层（{prefix}）；整个堆叠由 {count} 个结构相同的层组成，各层参数互不共享。',
          'layer_sum': '单层合计：',
          'stack_sum': '所有层合计：',
          'part_sum': '本部分合计：',
          'tied_row': '与 {owner} 共享：+0',
          'sum_of_parts': '各部分相加：',
          'closed_form': '整理成闭式（先提取层数，再按 H 的幂次排列）：',
          'final': '总参数量：{value}。',
          'active_intro': '激活参数量：每个词元实际用到的参数，包括全部稠密部分、路由器以及被选中的 k 个路由专家（共 E 个）：',
          'active_intro_shared': '激活参数量：每个词元实际用到的参数，包括全部稠密部分、路由器、被选中的 k 个路由专家（共 E 个）以及共享专家：',
          'active_final': '每个词元激活的参数量：{value}（总参数量 {total}）。',
          'final_symbolic': '该系列的总参数量即上面的闭式，其中 H² 项来自各层的方阵。',
          'tie': '{name} 与 {owner} 是同一个张量，只计一次：+0。',
          'tie_untied': '如果不共享，将多出 {untied} 个参数，总数会是 {total}，而不是 {value}。',
          'no_ties': '该模型没有共享的权重。',
          'kept': '总参数量取决于：{symbols}。',
          'drop_cancels': '{symbol} 不影响参数量：它只出现在乘积中，而在假设 {assumption} 下这些乘积化简后不再含有它：',
          'drop_no_weights': '{symbol} 不影响参数量：它只决定各层怎样计算，不决定任何权重的形状。',
          'drop_splits': '{symbol} 不影响参数量：它把 {whole} 等分成若干份（因此必须整除 {whole}），本身不带来任何权重。',
          'drop_splits_to_run': '{symbol} 不影响参数量：前向计算时把 {whole} 等分成这么多组，因此模型要能运行，它必须整除 '
                                '{whole}（无论取何值，`transformers` 都能构建该模型，参数照常计数）；它本身不带来任何权重。',
          'drop_shared': '{symbol} 不影响参数量：各层共享同一组权重，层数增加不会带来新的参数。',
          'drop_image': '{symbol} 不影响参数量：图像尺寸只决定每个卷积要处理多少个位置（影响 FLOPs），不影响其权重的大小。',
          'drop_rotary': '{symbol} 不影响参数量：它只决定旋转位置编码旋转每个头的多少维，而旋转本身不带任何权重。',
          'drop_active_only': '{symbol} 不影响总参数量：它只决定每个词元使用多少个专家，因此只影响激活参数量。',
          'drop_given': '{symbol} 不影响参数量：它只决定默认值 {assumption}，而配置文件直接给出了这个尺寸。',
          'drop_assumed': '{symbol} 由假设 {assumption} 代替。',
          'no_drops': '模型的每个超参数都出现在总参数量中。',
          'memory_intro': '仅权重本身按各数据类型存储所需的内存（{mib}，{mb}；{gib}，{gb}）：',
          'memory_int8': '表中 int8 一行按每个参数 1 字节计算，不含缩放因子。{command} 给出的 int8 和 int4 '
                         '则按量化检查点的存法计算：矩阵的每一行（或每行中的每组权重）另加一个 fp16 缩放因子，向量、嵌入表和不与词嵌入共享的输出层（LM '
                         'head）保留为 fp16。',
          'reported': '论文公布的参数量：{params}（{source}）。精确参数量比它{side} {percent}。',
          'above': '多',
          'below': '少',
          'compute_intro': 'B = {batch} 个长度为 s = {seq} 的序列做一次前向传播的浮点运算次数（FLOPs），口径与 {counter} '
                           '相同：每次乘加算 2 次浮点运算，注意力分数按完整的 s × s 矩阵计算（不因因果掩码减半），不计归一化和激活函数：',
          'compute_images': '除 s 个文本词元外，每个序列还含 {n_img} = {images} 张图像：视觉塔在每张图像的 {patches} '
                            '个图像块（{side} × {side}）上运行，投影器把它们按 {kernel} × {kernel} 的块取平均，得到 {s_img} '
                            '= {tokens} 个词元，与文本一起送入语言模型。',
          'compute_images_projected': '除 s 个文本词元外，每个序列还含 {n_img} = {images} 张图像：视觉塔在每张图像的 '
                                      '{patches} 个图像块（{side} × {side}）上运行，投影器把它保留下来的状态映射成 {s_img} '
                                      '= {tokens} 个词元，与文本一起送入语言模型。',
          'compute_images_merged': '除 s 个文本词元外，每个序列还含 {n_img} = {images} 张图像，处理器把每张图像缩放到 {height} '
                                   '× {width} 像素：视觉塔在每张图像的 {patches} 个图像块（{side} × '
                                   '{columns}）上运行，图像块合并器把每 {merge} × {merge} 个相邻图像块合成一个词元，共得到 '
                                   '{s_img} = {tokens} 个词元，与文本一起送入语言模型。窗口注意力层只在 {window} × '
                                   '{window} 个词元的窗口内做注意力：每张图像 {Q_win} = {pairs} 个查询–键对。',
          'compute_images_rows': '除 s 个文本词元外，每个序列还含 {n_img} = {images} 张图像，每张都取视觉塔能读的最大尺寸（{height} '
                                 '× {width} 像素）：视觉塔在每张图像的 {patches} 个图像块（{side} × '
                                 '{columns}）上运行，图像块合并器把每 {merge} × {merge} 个相邻图像块合成一个词元，共 {merged} '
                                 '个，排成 {r_img} = {rows} 行；处理器在每行末尾加一个 [IMG_BREAK] 词元（最后一行加 '
                                 '[IMG_END]），于是每张图像占 {tokens} 个词元，与文本一起送入语言模型。',
          'compute_images_tiled': '除 s 个文本词元外，每个序列还含 {n_img} = {images} 张图像，每张都是处理器从原图切出的一个 '
                                  '{height} × {width} '
                                  '像素的图块（图块数取决于原图的长宽比和处理器自身的设定，即最长边或图块数上限；原图被切成多块时，整张原图缩小成的一个图块还要再算一块）：视觉塔在每个图块的 '
                                  '{patches} 个图像块（{side} × {columns}）上运行，连接器把每 {merge} × {merge} '
                                  '个相邻图像块的状态并排拼成一个词元再做投影，每个图块得到 {tokens} 个词元，排成每边 {r_img} = '
                                  '{merged_side} 个的方阵，与文本一起送入语言模型。',
          'compute_images_anyres': '除 s 个文本词元外，每个序列还含 {n_img} = {images} 张图像，每张按 {height} × '
                                   '{width} 像素计（symparam flops 未给定图像尺寸时假定的尺寸）。处理器从 '
                                   'image_grid_pinpoints 中选出最合适的 {best_h} × {best_w}，把图像缩放进去，切成 '
                                   '{grid_r} × {grid_c} 个图块，再把整张图像缩成一个图块加在前面：视觉塔和投影器在每张图像的 '
                                   '{n_tile} = {tiles} 个图块上运行，每个图块 {patches} 个图像块（{side} × '
                                   '{side}）。网格的 {feat_r} × {feat_c} 个特征被裁回图像原来的宽高比，剩 {kept_r} × '
                                   '{kept_c} 个{shrunk}，每行末尾再加一个换行词元：每张图像 {s_img} = {patches} + '
                                   '{rows} × {wide} = {tokens} 个词元，与文本一起送入语言模型。',
          'compute_images_anyres_shrunk': '，再用双线性插值缩成 {rows} × {columns} 个，至多约合 {most} 个图块的量',
          'compute_images_anyres_whole': '除 s 个文本词元外，每个序列还含 {n_img} = {images} '
                                         '张图像。一个序列含多张图像时，LLaVA-OneVision '
                                         '把每张图像整体读成一个图块：视觉塔和投影器在每张图像的 {n_tile} = {tiles} '
                                         '个图块上运行，该图块有 {patches} 个图像块（{side} × {side}）；每张图像变成 '
                                         '{s_img} = {tokens} 个词元，即投影器保留的 {states} '
                                         '个状态加一个换行词元，与文本一起送入语言模型。',
          'compute_result': '共 {flops} FLOPs，即 {macs} MACs（乘加次数；thop、ptflops、fvcore 打印并称为 “flops” '
                            '的正是这个数）。',
          'reported_note': '说明：{note}。',
          'reported_recount': '这个数字正是以 {changes}（{why}）代替 {actual} 算出的参数量：{value}。',
          'generated': '本文由 symparam 根据模块树生成；如需修改，请重新生成而不要手工编辑。',
          'count_letter': '本文把参数量记作 {count}，因为 {patch} 表示图像块的边长。',
          'summary_parts': '参数分布在哪里：',
          'summary_layer': '{name} 中的一层，按块的类型分：',
          'thumb_intro': '经验公式：只保留每层的权重矩阵和词表，略去偏置、归一化层和较小的表：',
          'thumb_error': '比精确值{side} {percent}。',
          'below_exact': '少',
          'above_exact': '多',
          'thumb_left_out': '此外还略去了各自不到总数 {cut} 的部分：{kinds}（合计占 {share}）。',
          'thumb_plain': 'GPT 和 BERT 取 {rule}，前馈网络的两个矩阵于是共 {mlp}。',
          'thumb_gated': '带门控的前馈网络（SwiGLU）有三个矩阵，共 {formula}：取 {llama}（LLaMA 的做法）时共 {mlp}，与普通前馈网络取 '
                         '{plain} 时的两个矩阵一样多。',
          'thumb_here': '本模型 {ratio}，每层的矩阵共 {total}：{pieces}。',
          'thumb_layer': '每层的矩阵共 {total}：{pieces}。',
          'thumb_here_ratio': '本模型 {ratio}。',
          'thumb_stack': '{stack} 的每层共 {total}：{pieces}。',
          'thumb_piece': '{kind} {value}',
          'thumb_grouped': '分组查询注意力：{kv} 个键/值头服务于 {heads} 个查询头，每个词元的 k 和 v 各有 {kv_width} 个数，而 q 有 '
                           '{q_width} 个；注意力的矩阵因此是 {coef}，而不是每个查询头各配一个键/值头时的 {full}。',
          'thumb_multi_query': '多查询注意力：{heads} 个查询头共用一个键/值头，每个词元的 k 和 v 各有 {kv_width} 个数，而 q 有 '
                               '{q_width} 个；注意力的矩阵因此是 {coef}，而不是每个查询头各配一个键/值头时的 {full}。',
          'list_separator': '、',
          'list_last': '和',
          'closest': '在该系列的各个类中，{architecture} 最接近论文公布的参数量：{value}，比它{side} {percent}。',
          'final_symbolic_plain': '该系列的总参数量即上面的闭式。',
          'note_transposed': '权重形状按 torch 存储的方式书写：Linear 为 输出 × 输入，GPT-2 的 Conv1D 为 输入 × 输出。',
          'compute_intro_one': '一个长度为 s = {seq} 的序列（B = 1）做一次前向传播的浮点运算次数（FLOPs），口径与 {counter} '
                               '相同：每次乘加算 2 次浮点运算，注意力分数按完整的 s × s 矩阵计算（不因因果掩码减半），不计归一化和激活函数：',
          'compute_kinds': '按块的类型看它们从哪里来（q、k、v、o 是注意力的投影；对整个序列的乘积单列一类）：',
          'compute_rule': '“每个参数、每个词元 2 次浮点运算”的经验公式 {rule} 给出 {value}，比精确值{side} '
                          '{percent}。查表不做乘法，而对整个序列的注意力随 s 增长，与参数量无关。',
          'compute_training': '训练一步先做前向传播，再做反向传播，后者的开销约为前者的两倍：{formula} = {value} FLOPs。',
          'compute_rules': '训练一步的经验公式“每个参数、每个词元 6 次浮点运算”（前向 2 次，反向 4 次），用于 D = B·s = {tokens} '
                           '个词元，参数按各位作者各自的口径计数，并列出与精确值的偏差：',
          'rule_hoffmann': 'Hoffmann 等 2022（Chinchilla）：全部参数，{params}',
          'rule_hoffmann_active': 'Hoffmann 等 '
                                  '2022（Chinchilla），取一个词元用到的全部参数（即激活参数；论文统计的是稠密模型），{params}',
          'rule_kaplan': 'Kaplan 等 2020：不含嵌入表（词元、位置等）和未绑定的输出层的参数，{params}',
          'rule_kaplan_active': 'Kaplan 等 '
                                '2020，取一个词元用到的参数（即激活参数；论文统计的是稠密模型），不含嵌入表（词元、位置等）和未绑定的输出层，{params}',
          'compute_idle': '交叉注意力的权重已计入上面的参数量，但这里并不运行：模型没有得到编码器的输出，transformers 的各层在这种情况下会跳过它。',
          'of_layer': '占该层的 {share}'},
 'reading': {'mamba': ['Mamba 层（Gu 与 Dao，2023）没有注意力，也没有 MLP，由一个混合器同时承担两者的作用。`in_proj` 把每个词元从 $H$ '
                       '维扩展成两路，每路 $d_{\\mathrm{inner}} = e H$ 个通道：一路是 $x$，送入状态空间模型；另一路是 '
                       '$z$，用作门控。$x$ 先经过一个因果深度卷积（`conv1d`：每个通道 $d_{\\mathrm{conv}}$ '
                       '个抽头和一个偏置，通道之间不混合），再经过 SiLU。',
                       "状态空间模型让 $d_{\\mathrm{inner}}$ 个通道各自通过系统 $h'(t) = A h(t) + B x(t)$、$y(t) = "
                       'C h(t)$，其状态 $h$ 含 $d_{\\mathrm{state}}$ 个数。以步长 $\\Delta$ 离散化（零阶保持）后得到递推 '
                       '$h_t = \\bar{A} h_{t-1} + \\bar{B} x_t$、$y_t = C h_t + D x_t$，其中 $\\bar{A} '
                       '= \\exp(\\Delta A)$，$\\bar{B} = \\Delta B$。',
                       '“选择性”体现在 $\\Delta$、$B$、$C$ 随词元而变：`x_proj` 把 $x$ 映射为 $r_{\\Delta} + 2 '
                       'd_{\\mathrm{state}}$ 个数，即秩为 $r_{\\Delta}$ 的步长，以及 $B$ 和 $C$（各 '
                       '$d_{\\mathrm{state}}$ 个，所有通道共用）；`dt_proj` 再把步长升回 $d_{\\mathrm{inner}}$ '
                       '个通道（带偏置），经 softplus 保证 $\\Delta$ 为正。$\\Delta$ 大时，当前词元可以重置状态；小时，词元几乎被跳过。',
                       '$A$ 和 $D$ 不随词元变化，是普通参数。$A$ 以 `A_log` 的形式存储（$d_{\\mathrm{inner}} \\times '
                       'd_{\\mathrm{state}}$，每个通道、每个状态分量各有一个衰减率；$A = -\\exp(A_{\\log})$ '
                       '恒为负，所以状态会衰减）；$D$（$d_{\\mathrm{inner}}$ 个）是从 $x$ 到 $y$ 的跳跃连接。输出再乘以 '
                       '$\\mathrm{SiLU}(z)$，由 `out_proj` 映射回 $H$ 维。Falcon-Mamba 还对 '
                       '$\\Delta$、$B$、$C$ 各加一个不带权重的 RMSNorm。',
                       '因此，状态大小 $d_{\\mathrm{state}}$ 只出现在 `x_proj`（$2 d_{\\mathrm{state}}$ 个输出）和 '
                       '`A_log` 中；一层的大部分参数在输入、输出投影里，共 $3 H d_{\\mathrm{inner}}$ '
                       '个。生成文本时，每层只保留卷积最近的若干个输入和状态 $h$（$d_{\\mathrm{inner}} d_{\\mathrm{state}}$ '
                       '个数），与序列长度无关：没有 KV 缓存。'],
             'CLIPModel': ['CLIP（Radford 等 2021）用两个一起训练的编码器，也就是两座“塔”，为图像和描述图像的文字学习同一个嵌入空间：给定一批 $B$ '
                           '个（图像，文本）对，它要判断 $B \\times B$ 种配对中哪些真实出现过，提高 $B$ 个真实配对的余弦相似度，压低其余 $B^2 '
                           '- B$ 个配对的相似度。两座塔不共享任何权重：参数总量就是两座塔各自的参数量，再加上把它们连起来的少数几个张量。',
                           '文本塔是一个 [[N]] 层的 Transformer，宽度为 [[H]]，有 [[h]] 个注意力头，用带掩码的（因果）自注意力，每层先做 '
                           'LayerNorm。一段文本最多 [[L]] 个词元，取自大小为 [[V]] '
                           '的词表；每个词元查词嵌入表，再加上一张可学习的位置编码表（`position_embedding`，共 [[L]] 行）。经过最后一个 '
                           'LayerNorm 之后，用文本结束符位置上的状态来表示整段文本。',
                           '视觉塔是一个视觉 Transformer（ViT）。一张 $R \\times R$ 像素、[[C]] 个通道的图像被切成 '
                           '$\\lfloor R/P \\rfloor^2$ 个 $P \\times P$ 像素的图像块；一个卷积核大小和步长都是 '
                           '[[P]]、不带偏置的卷积（`patch_embedding`，权重形状为 $H_{\\mathrm{vis}} \\times C '
                           '\\times P \\times P$）把每个图像块的 $C P^2$ 个像素线性映射成 [[H_vis]] '
                           '维向量。它们前面再加一个可学习的类别嵌入（`class_embedding`，[[H_vis]] 维），一张可学习的位置编码表给这 '
                           '$\\lfloor R/P \\rfloor^2 + 1$ 个位置各加上一行。正如论文所说，CLIP 在进入 Transformer '
                           '之前对这些嵌入多做一次 LayerNorm（`pre_layrnorm`，拼写照搬 `transformers`）；经过 [[N_vis]] '
                           '层之后，类别词元的状态再归一化一次（`post_layernorm`），作为整张图像的表示。无论文本多长，视觉塔都在这 $\\lfloor '
                           'R/P \\rfloor^2 + 1$ 个词元上运行：下文计算浮点运算量时，$s$ 只指文本的词元数。',
                           '两座塔在一个 [[d_proj]] 维的共享空间里相遇：各有一个不带偏置的线性投影把塔的表示映射过去（`text_projection` 从 '
                           '[[H]] 维，`visual_projection` 从 [[H_vis]] 维）。两个嵌入都归一化为长度 1，所以 $B$ 个文本嵌入与 '
                           '$B$ 个图像嵌入相乘，得到的就是 $B \\times B$ 的余弦相似度表；这一步需要 $2 B^2 '
                           'd_{\\mathrm{proj}}$ 次浮点运算，随批大小增长，而不随词元数增长。',
                           '相似度还要乘以 $e^{t}$，其中 $t$ 是一个可学习的标量（`logit_scale`），即温度倒数的对数：$1/\\tau = '
                           'e^{t}$。论文把 $\\tau$ 初始化为 $0.07$（$t = \\ln(1/0.07) \\approx 2.659$，即 '
                           '`transformers` 中的 `logit_scale_init_value`），让它与其余参数一起学习，并把 $e^{t}$ 限制在 '
                           '100 以内。它是参数总量中唯一的标量：一个形状为 $()$ 的张量。'],
             'SiglipModel': ['SigLIP（Zhai 等 2023）保留了 CLIP 的两座塔，但换掉了损失函数：它不再对整批数据做 '
                             '$\\mathrm{softmax}$，而是把 $B \\times B$ '
                             '个（图像，文本）配对中的每一个都当作一道是非题——是不是真实的配对——用该配对得分的 S 型函数 $\\sigma$ '
                             '来回答。每个配对的损失各自独立，不需要在整批数据上做归一化。',
                             '文本塔就是去掉因果掩码的 CLIP 文本塔，在最后一个词元处读出；一个带偏置的线性头（`head`）把该位置的状态映射成 '
                             '[[d_proj]] 维。视觉塔是没有类别词元的视觉 Transformer：切图像块的卷积带偏置，位置编码表只有 $\\lfloor '
                             'R/P \\rfloor^2$ 行，各层之前没有 LayerNorm，最后的 LayerNorm '
                             '作用于每个图像块。随后由一个多头注意力池化头读取这些图像块：一个可学习的查询向量（`probe`）通过 torch 的 '
                             '`nn.MultiheadAttention` 关注所有图像块，其查询、键、值投影合在一个 $3 H_{\\mathrm{vis}} '
                             '\\times H_{\\mathrm{vis}}$ 的矩阵里（`in_proj_weight`），之后再经过 LayerNorm '
                             '和带残差的前馈网络。它输出的 [[H_vis]] 维向量直接作为图像的嵌入，不再投影，所以 [[d_proj]] 必须等于 '
                             '[[H_vis]]。',
                             'logits 为 $e^{t}\\, x \\cdot y + b$，其中 $x$、$y$ 是归一化后的嵌入；缩放 '
                             '$t$（`logit_scale`）和偏置 $b$（`logit_bias`）都可学习，各占一个参数。论文把它们初始化为 $t = '
                             '\\ln 10$、$b = -10$，让训练一开始就把大多数配对判为假，而实际上大多数配对也确实是假的。'],
             'internvl': ['InternVL（Chen 等，2024）用一个小型 MLP 把大型视觉编码器 InternViT 接到语言模型上；InternVL '
                          '2.5、3 和 3.5 沿用了这一设计。InternViT 是带层缩放的 ViT：$R \\times R$ '
                          '的图像由一个带偏置的卷积（`patch_embeddings`）切成 $\\lfloor R/P \\rfloor^2$ 个 $P '
                          '\\times P$ 像素的图像块，前面放一个类别词元（`cls_token`），再由可学习的位置表给这 $\\lfloor R/P '
                          '\\rfloor^2 + 1$ 个词元各加一行。它的 [[N_vis]] 层中，每层先归一化，用 [[h_vis]] '
                          '个头做注意力，把注意力的输出乘以一个可学习的 [[H_vis]] 维向量（`lambda_1`）后再加回残差；宽 [[d_ff_vis]] '
                          '的前馈网络也以同样方式缩放（`lambda_2`）。这两个向量每层共 $2 H_{\\mathrm{vis}}$ '
                          '个参数。视觉塔对每张图像单独运行。',
                          '投影器拿到的是更少、更宽的词元。它丢掉类别词元的状态，把各图像块的状态排回 $\\lfloor R/P \\rfloor \\times '
                          '\\lfloor R/P \\rfloor$ 的网格并做像素重排：每个 $m \\times m$ 的相邻块（[[m]] 是 '
                          '`downsample_ratio` 的倒数）拼成一个 $m^2 H_{\\mathrm{vis}}$ 维的向量。随后是对这些数做的 '
                          'LayerNorm（`layer_norm`）、映射到语言模型宽度 [[H]] 的 `linear_1`、GELU 和 '
                          '`linear_2`。于是一张图像变成 $(\\lfloor R/P \\rfloor / m)^2$ 个词元，比图像块少 $m^2$ '
                          '倍；投影器的第一个矩阵每个词元读入的数则是视觉塔宽度的 $m^2$ 倍。',
                          '处理器把大图切成 $R \\times R$ 像素的图块，并把整张图缩小成一块再加上：这里每个图块算一张图像，[[n_img]] '
                          '数的就是图块。语言模型是 `text_config` 指定的解码器，InternVL3 用 Qwen2 的，InternVL3.5 大多用 '
                          'Qwen3 的（也可以是 LLaMA）：[[V]] 行的词表，[[N]] 层中 [[h]] 个查询头共享 [[h_kv]] 个键/值头，宽 '
                          '[[d_ff]] 的 SwiGLU 前馈网络，在 `InternVLForConditionalGeneration` '
                          '中还有语言模型头，除非配置另有说明，它与词表共享。图像词元取代图像的占位符：有 [[n_img]] 个图块和 $s$ 个文本词元时，它在 $s '
                          '+ n_{\\mathrm{img}} (\\lfloor R/P \\rfloor / m)^2$ 个位置上运行，这些位置全部进入 KV '
                          '缓存。'],
             'gemma3': ['Gemma 3（Gemma Team 2025）用同一个解码器读取图像和文本。图像先经过 SigLIP '
                        '视觉编码器：家族中凡是能读图像的规模都共用这一个编码器，训练语言模型时它保持冻结。一张 $R \\times R$、[[C]] 个通道的图像被切成 '
                        '$\\lfloor R/P \\rfloor^2$ 个 $P \\times P$ 像素的图像块；一个卷积核与步长都为 '
                        '[[P]]、带偏置的卷积（`patch_embedding`）把每个图像块映射成 [[H_vis]] '
                        '维，再由可学习的位置编码表给每个图像块加上一行。随后是 [[N_vis]] 个先做归一化的层，各有 [[h_vis]] 个注意力头，最后 '
                        '`post_layernorm` 对每个图像块做归一化。视觉塔对每张图像单独运行：注意力从不跨越图像。',
                        '多模态投影器把每张图像变成固定数目的软词元 [[s_img]]（`mm_tokens_per_image`），与图像内容无关。它先把图像块的状态按 '
                        '$\\lfloor R/P \\rfloor \\times \\lfloor R/P \\rfloor$ '
                        '的网格排好，按正方形块取平均（平均池化，没有权重），再用 Gemma 的 RMSNorm（`mm_soft_emb_norm`，[[H_vis]] '
                        '个权重）对每个汇聚后的向量做归一化，最后乘以一个不带偏置的 $H_{\\mathrm{vis}} \\times H$ '
                        '矩阵（`mm_input_projection_weight`），换成解码器的宽度：每张图像 $2 s_{\\mathrm{img}} '
                        'H_{\\mathrm{vis}} H$ 次浮点运算。因此，一张图像让解码器付出多少由池化决定：进入解码器序列和 KV 缓存的是它的 '
                        '[[s_img]] 个词元，而不是视觉塔的 $\\lfloor R/P \\rfloor^2$ 个图像块。',
                        '解码器就是 Gemma 3 的语言模型：[[V]] 行的词表嵌入（乘以 $\\sqrt{H}$），[[N]] 层，每层四个 '
                        'RMSNorm（分别在注意力和前馈网络之前与之后），分组查询注意力以 [[h_kv]] 个键/值头服务 [[h]] 个查询头，并对 $q$、$k$ '
                        '的每个头做 RMSNorm，前馈网络是宽度为 [[d_ff]] 的门控 GELU。论文中每五个只在 [[W]] '
                        '个位置的滑动窗口内做注意力的层配一个看整个序列的层，使长上下文的 KV 缓存保持较小。每张图像的词元放在文本中该图像占位符的位置：有 '
                        '[[n_img]] 张图像和 $s$ 个文本词元时，解码器读取 $s + n_{\\mathrm{img}} s_{\\mathrm{img}}$ '
                        '个位置，语言模型输出头与词表嵌入共享权重。'],
             'llava': ['LLaVA（Liu 等 2023）教语言模型读图像的办法，是把预训练视觉编码器的状态当作词元放进它的序列。视觉塔就是配置文件指定的那个，除非注明 '
                       'SigLIP，否则是 CLIP 的：一张 $R \\times R$ 的图像被切成 $\\lfloor R/P \\rfloor^2$ 个 $P '
                       '\\times P$ 像素的图像块，经过 [[N_vis]] 层、宽度为 [[H_vis]] 的网络。LLaVA '
                       '读取的是靠后某一层（默认倒数第二层）的状态，而不是最后一层，所以 `transformers` '
                       '会构建并运行整座视觉塔：无论读哪一层，每一层的参数都计入总数，每一层的浮点运算也都要花。',
                       '投影器是唯一从头开始训练的部分：`linear_1` 把每个保留下来的状态（按默认策略，就是每个图像块；CLIP 的类别词元被去掉）从 '
                       '[[H_vis]] 维映射到语言模型的 [[H]] 维，接一个 GELU，再由 `linear_2` 从 [[H]] 维映射到 [[H]] '
                       '维，两层都带偏置。最初的 LLaVA 只用一个线性层，LLaVA-1.5 改成了这个两层的 MLP。每个保留下来的状态变成一个词元，一张图像就变成 '
                       '[[s_img]] 个词元，和视觉塔的图像块一样多，所以一张图像让语言模型付出的代价相当于同样多的单词。',
                       '语言模型是 LLaMA（LLaVA-1.5 用的是 Vicuna 的权重）：[[V]] 行的词表嵌入、[[N]] '
                       '层，以及独立的语言模型输出头。图像词元放在图像占位符的位置：有 [[n_img]] 张图像和 $s$ 个文本词元时，它在 $s + '
                       'n_{\\mathrm{img}} s_{\\mathrm{img}}$ 个位置上运行，KV 缓存也要存下所有这些位置。'],
             'llava_next': ['LLaVA-NeXT（Liu 等 2024，又称 LLaVA-1.6）和 LLaVA-OneVision（Li 等 2024）保留了 '
                            'LLaVA 的三个部分：一座 [[N_vis]] 层、宽度为 [[H_vis]] 的视觉塔（LLaVA-NeXT 默认用 CLIP '
                            '的，配置文件注明时用 SigLIP 的；LLaVA-OneVision 用去掉池化头的 SigLIP），把 [[H_vis]] '
                            '维映射到语言模型 [[H]] 维的两层投影器，以及语言模型本身（LLaVA-NeXT 是 LLaMA 或 '
                            'Mistral，LLaVA-OneVision 是 Qwen2）。权重只多了一个张量：`image_newline`，即 [[H]] '
                            '个可学习的数。',
                            '变化在于读图的方式（AnyRes）。处理器从 `image_grid_pinpoints` 中挑出最适合这张图像的分辨率，把图像切成若干 '
                            '$R \\times R$ '
                            '像素的图块，再把整张图像缩小成一个额外的图块。视觉塔在每个图块上运行，投影器映射它保留的每个状态；各图块的特征重新拼回一张网格，缩放时补上的填充行或列被裁掉，使网格保持图像原来的宽高比，并在每一行末尾写入 '
                            '`image_newline`，让语言模型知道一行在哪里结束。因此一张图像变成多少个词元取决于它的尺寸和形状：这里计算的权重与此无关，前向计算却与此有关。视觉塔读取的图块数 '
                            '[[n_tile]] 和一张图像变成的词元数 [[s_img]] '
                            '都不是图像尺寸的闭式表达式（要在各候选分辨率中择优，还要对填充取整）：symparam '
                            '按处理器自己的算法对给定尺寸逐一算出，并把它们作为数值代入。LLaVA-OneVision 在网格特征超过约 K '
                            '个图块的量时（`vision_aspect_ratio` 写作 '
                            '`anyres_max_K`）用双线性插值把它缩小；一个序列含多张图像时，它把每张图像整体读成一个图块，再加一个换行词元。'],
             'Mistral3ForConditionalGeneration': ['Mistral Small 3.1（Mistral AI 2025）用 Pixtral '
                                                  '的视觉编码器（Agrawal 等 '
                                                  '2024）读图像，这个编码器是从头训练的，能按图像本来的大小和形状读入。它没有位置嵌入表：一张 '
                                                  '$R \\times R$ 的图像由一个不带偏置的卷积切成 $\\lfloor R/P '
                                                  '\\rfloor^2$ 个 $P \\times P$ 像素的图像块，每个图像块先经过一个 '
                                                  'RMSNorm（`ln_pre`），注意力的每个头再按图像块所在的行和列旋转查询和键（二维旋转位置编码，不含权重）。它的 '
                                                  '[[N_vis]] 层、宽度 '
                                                  '[[H_vis]]，结构和语言模型的层一样：RMSNorm、不带偏置的注意力和门控 '
                                                  'MLP。`transformers` '
                                                  '把一次前向传播里的所有图像拼成一个序列，再用分块对角的掩码隔开，所以注意力会让每个图像块和所有图像的每个图像块相乘：视觉塔注意力的乘法量随一个批次里图像数的平方增长。',
                                                  '投影器先对每个图像块的状态做 RMSNorm（对 [[H_vis]] '
                                                  '个数），然后图像块合并器把每 $m \\times m$ 个相邻图像块拼成一个 $m^2 '
                                                  'H_{\\mathrm{vis}}$ 维的向量，由不带偏置的 `merging_layer` '
                                                  '映射回 [[H_vis]] 维：一张图像的图像块数是它变成的词元数的 $m^2$ 倍。接着 '
                                                  '`linear_1` 把每个词元映射到语言模型的 [[H]] 维，接一个 GELU，再由 '
                                                  '`linear_2` 从 [[H]] 维映射到 [[H]] 维，只有 '
                                                  '`multimodal_projector_bias` '
                                                  '为真时才带偏置。处理器把一张图像的词元排成若干行，每行末尾加一个 `[IMG_BREAK]` '
                                                  '词元，最后一行加 `[IMG_END]`，让语言模型知道图像的每一行在哪里结束：一张图像占 '
                                                  '$\\lfloor \\lfloor R/P \\rfloor / m \\rfloor^2 '
                                                  '+ \\lfloor \\lfloor R/P \\rfloor / m \\rfloor$ '
                                                  '个位置。',
                                                  '语言模型是 Mistral 解码器（Mistral Small 3.1 用的是 Mistral '
                                                  'Small 3 的）：[[V]] 行的词表嵌入，[[N]] 层分组查询注意力（[[h]] '
                                                  '个查询头共用 [[h_kv]] 个键/值头）加宽度为 [[d_ff]] 的 SwiGLU '
                                                  'MLP，以及语言模型输出头。图像词元和行尾词元放在图像占位符的位置：有 [[n_img]] '
                                                  '张图像和 $s$ 个文本词元时，它在所有这些位置上运行，KV 缓存也要存下所有这些位置。'],
             'qwen2_5_vl': ['Qwen2.5-VL（Qwen Team '
                            '2025）按图像自身的分辨率读入图像，而不是先把它缩放成固定大小的正方形。处理器把图像的高和宽取整到 $m P$ '
                            '的倍数，并让总像素数落在给定的上下限之间，再把图像沿时间方向重复 [[P_t]] 次，当作一段很短的视频。视觉塔把它切成 $P_t '
                            '\\times P \\times P$ 像素、[[C]] 个通道的图像块，一个不带偏置的 3D '
                            '卷积（`patch_embed.proj`，权重 $H_{\\mathrm{vis}} \\times C \\times P_t '
                            '\\times P \\times P$）把每个图像块映射成 [[H_vis]] '
                            '维向量。这里没有位置表：旋转位置编码按图像块所在的行和列转动每个头。',
                            '接下来是 [[N_vis]] 个块，每块依次是 RMSNorm、[[h_vis]] 个头的注意力（查询、键、值由一个带偏置的融合矩阵 '
                            '`qkv` 算出）、RMSNorm 和带偏置的门控 MLP（内层 [[d_ff_vis]] 维）。大多数块只在 $\\lfloor '
                            'W_{\\mathrm{vis}}/(m P) \\rfloor \\times \\lfloor '
                            'W_{\\mathrm{vis}}/(m P) \\rfloor$ '
                            '个合并词元的窗口内做注意力，`fullatt_block_indexes` '
                            '列出的块才在整张图像上做注意力。窗口不改变任何权重，只改变计算量：窗口注意力层对一张图像计算 [[Q_win]] '
                            '个查询–键对（各窗口内图像块数的平方之和），全局注意力层则要计算全部图像块数的平方，所以视觉塔的计算量几乎与图像面积成正比。',
                            '图像块合并器（`merger`）先对每个图像块做归一化（`ln_q`），再把每 $m \\times m$ 个相邻图像块拼成一个 $m^2 '
                            'H_{\\mathrm{vis}}$ 维向量，用带 GELU 的两层 MLP（`mlp.0`、`mlp.2`，都带偏置）映射成 '
                            '[[H_out]] 维，即语言模型的宽度：每 $m^2$ 个图像块变成一个词元，一张图像共 [[s_img]] 个词元。语言模型是 '
                            'Qwen2.5 的解码器：[[V]] 行的词表嵌入，[[N]] 层分组查询注意力（[[h]] 个查询头共用 [[h_kv]] '
                            '个键/值头，$q$、$k$、$v$ 带偏置）和内层 [[d_ff]] 维的 SwiGLU MLP，以及单独的 LM head。它读入 $s '
                            '+ n_{\\mathrm{img}} s_{\\mathrm{img}}$ '
                            '个位置；旋转位置编码给图像词元分配时间、行和列三个坐标，不增加任何权重。'],
             'whisper': ['Whisper（Radford 等 2022）是一个把语音转成文字的编码器–解码器 Transformer。它的输入是 30 '
                         '秒音频的对数梅尔频谱：共 $2 L_{\\mathrm{enc}}$ 帧，每 10 毫秒一帧，每帧 [[n_mels]] 个梅尔频带。',
                         '编码器的前端很小，只有两层一维卷积：以梅尔频带为输入通道，沿时间轴滑动，卷积核宽度都是 3，每层后面接一个 GELU。第一层（`conv1`）把 '
                         '[[n_mels]] 个频带映射到 [[H]] 个通道，帧数不变；第二层（`conv2`，从 [[H]] 到 [[H]]）步长为 '
                         '2，帧数因此减半，剩下 [[L_enc]] 帧。前端的输出再加上正弦位置编码：`transformers` 把它存成一张 [[L_enc]] '
                         '行的表（`embed_positions`），填入正弦值后冻结，但这些权重和其他权重一样计入参数。',
                         '之后是一叠预归一化的残差块（自注意力和 MLP 之前各做一次 LayerNorm），编码器最后再做一次 '
                         'LayerNorm。解码器在词嵌入上加可学习的位置编码（[[L]] 行），用同样的块，其中自注意力带因果掩码，另加交叉注意力，关注编码器输出的 '
                         '[[L_enc]] '
                         '个状态；它的输出投影（`proj_out`）就是词嵌入表本身。每个注意力的键投影都不带偏置。论文中编码器和解码器的宽度与块数相同，配置文件则分别给出。',
                         '无论文本多长，编码器总是处理 [[L_enc]] 个位置（第一层卷积处理 $2 L_{\\mathrm{enc}}$ '
                         '帧）：下面的计算量中，$s$ 只是解码器的词元数。']},
 'diff': {'title': '从 {a} 到 {b}：改变了什么',
          'intro': '{b} 的参数量减去 {a} '
                   '的参数量，逐项列出。张量按它在块树中的角色（所属块的类型、是权重还是偏置、是哪一张表）对应，而不按名字对应，所以只改了名字的张量不算改变。每一项要么是增加或去掉了一个块，要么是换了一种块，要么是输出头与词嵌入表改为共享或不再共享，要么是某个宽度或层数变了；各项相加恰好等于两者之差。',
          'models': 'A 是 {a}（{a_label}），B 是 {b}（{b_label}）。',
          'closed_forms': '两个闭式公式',
          'difference': 'B 的参数量减去 A 的参数量（两个模型的超参数用同一组符号表示）：',
          'structure': '结构变化（按 A 的宽度计算）',
          'structure_after': '结构变化（按 B 的宽度计算）',
          'widths': '宽度与层数的变化（在 B 的结构中）',
          'widths_first': '先变宽度与层数（在 A 的结构中）',
          'together': '两个模型各按自己的取值计算',
          'sum': '合计',
          'depends': '只影响其中一个模型参数量的超参数',
          'compute': '前向计算量',
          'cache': 'KV 缓存',
          'rule_structure': '把 B 的每个部分与 A 的对应部分比较，B 的公式代入 A 的取值（{values}）。B 有而 A 没有的尺寸，取 A '
                            '的结构所隐含的值（多头注意力的键值头数等于查询头数），否则取 B 自己的值。',
          'rule_widths': '然后按 symparam 打印超参数的顺序，逐个把超参数从 A 的取值改成 B 的取值；每一步都在前面各步已改好的取值上计算。',
          'rule_widths_first': 'B 的约束在 A 的宽度下不成立，所以先在 A 的结构中逐个改变宽度与层数，再在 B 的宽度下改变结构（{values}）。',
          'rule_together': '两个模型的约束在对方的宽度下都不成立：每个部分各按自己模型的取值计算。',
          'no_values': '没有给出取值：各项是用共同符号写出的公式。',
          'no_change': '没有任何变化。',
          'total': '合计：{delta} = {b_count} − {a_count}。',
          'matters': '{symbol} 影响 {model} 的参数量，但不影响 {other} 的参数量。',
          'no_symbol': '{symbol} 影响 {model} 的参数量；{other} 没有这个超参数。',
          'compute_intro': 'B = {batch} 个序列、每个序列 s = {seq} 个词元的前向计算量（按 {command} 的算法统计），按同样的方式拆分。',
          'cache_intro': '解码器处理 s = {seq} 个词元后保存的数值（每个序列的键和值），按同样的方式拆分。',
          'form_detail': '{name}（{detail}）',
          'built_otherwise': '仍是{forms}，但位置或尺寸不同',
          'row': '{part}，{cause}：{what}',
          'step': '{symbol}：{before} → {after}',
          'columns': {'part': '部分',
                      'cause': '原因',
                      'change': '变化内容',
                      'formula': '公式',
                      'delta': '变化量',
                      'at_a': '按 A 的宽度',
                      'at_b': '按 B 的宽度',
                      'step': '超参数',
                      'model': '模型',
                      'count': '数值'},
          'part': {'embeddings': '嵌入',
                   'attention': '注意力',
                   'mlp': '前馈网络／专家',
                   'norms': '归一化',
                   'head': '输出头',
                   'other': '其他'},
          'cause': {'added': '增加',
                    'removed': '去掉',
                    'replaced': '替换',
                    'tying': '权重共享',
                    'width': '宽度或层数'},
          'unit': {'tokens': '词嵌入表',
                   'positions': '位置嵌入表',
                   'token_types': '句段类型嵌入表',
                   'table': '嵌入表',
                   'bias': '偏置',
                   'pooler': '池化层（只作用于第一个词元）',
                   'scores': '对整个序列的注意力',
                   'untied': '输出头不再与词嵌入表共享权重',
                   'tied': '输出头改为与词嵌入表共享权重',
                   'body': '{part}'},
          'form': {'multi_head': '多头注意力',
                   'grouped_query': '分组查询注意力',
                   'multi_query': '多查询注意力',
                   'latent': '多头潜在注意力',
                   'layernorm': 'LayerNorm',
                   'layernorm_no_bias': '不带偏置的 LayerNorm',
                   'layernorm_no_affine': '不带权重的 LayerNorm',
                   'rmsnorm': 'RMSNorm',
                   'mlp': '前馈网络',
                   'gated_mlp': '门控前馈网络',
                   'experts': '专家'}},
 'fitted_inputs': {'run_on': '输入为 {inputs}',
                   'images': '{count} 张 {height} × {width} 像素、各 {channels} 个通道的图像',
                   'images_one': '{count} 张 {height} × {width} 像素、{channels} 个通道的图像',
                   'tokens': '{count} 条各含 {seq} 个词元的序列',
                   'tokens_one': '{count} 条含 {seq} 个词元的序列',
                   'and': '，以及',
                   'videos': '{count} 段各 {frames} 帧、每帧 {height} × {width} 像素、{channels} 个通道的视频',
                   'videos_one': '{count} 段 {frames} 帧、每帧 {height} × {width} 像素、{channels} 个通道的视频',
                   'waveforms': '{count} 段各 {samples} 个采样点的波形（每段经特征编码器后为 {frames} 帧）',
                   'waveforms_one': '{count} 段 {samples} 个采样点的波形（经特征编码器后为 {frames} 帧）',
                   'spectrograms': '{count} 张各为 {bins} 个梅尔频带 × {frames} 帧的对数梅尔频谱图',
                   'spectrograms_one': '{count} 张 {bins} 个梅尔频带 × {frames} 帧的对数梅尔频谱图',
                   'features': '{count} 条各含 {frames} 个特征帧（每帧 {width} 个值）的序列',
                   'features_one': '{count} 条含 {frames} 个特征帧（每帧 {width} 个值）的序列'},
 'families': {'MoE decoder': 'MoE 解码器', 'Transformer': 'Transformer', 'MLP': '多层感知机'}}
