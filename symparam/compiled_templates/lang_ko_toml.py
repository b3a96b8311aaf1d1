# templates/lang/ko.toml as a Python literal: written by tools/compile_templates.py, never edited
SOURCE = '82873:b80d5320'
TABLE = {'title': '{model}의 파라미터 수',
 'intro': '{architecture}에는 파라미터가 몇 개 있을까? 아래의 모든 수치는 symparam이 모델의 블록 트리에서 직접 유도한 것이며, 모듈 이름은 모델의 '
          '{names}에 나오는 이름과 같다.',
 'intro_symbolic': '{family} 계열({architecture})의 파라미터 수를 하이퍼파라미터에 대한 수식으로 나타낸다. 구체적인 값은 대입하지 않는다.',
 'description': '모델: {description}.',
 'described': {'config': '{key}이 {model_type}인 config.json({label} 기준으로 셈)',
               'changed': '프리셋 {preset}에서 바꾼 값: {changes}',
               'fitted_config': '{key}이 {model_type}인 config.json({label} 기준으로 셈). 파라미터는 '
                                'transformers({version})의 모듈 트리에서 읽어 냄',
               'fitted': '{label}. 파라미터는 transformers({version})의 모듈 트리에서 모듈별로 읽어 냄'},
 'headings': {'per_gpu': 'GPU 한 장당 메모리',
              'hyperparameters': '하이퍼파라미터',
              'components': '레이어별 계산',
              'total': '전체 파라미터 수',
              'tied': '가중치 공유',
              'dropouts': '파라미터 수에 영향을 주지 않는 하이퍼파라미터',
              'memory': '가중치가 차지하는 메모리',
              'compute': '연산량',
              'reported': '논문에 공개된 수치와 비교',
              'summary': '한눈에 보기'},
 'columns': {'symbol': '기호',
             'meaning': '의미',
             'value': '값',
             'key': '설정 키',
             'module': '모듈',
             'shape': '가중치 형태',
             'bias': '편향',
             'params': '파라미터 수',
             'count': '값',
             'part': '부분',
             'flops': 'FLOPs',
             'dtype': '자료형',
             'bytes_per_param': '파라미터당 바이트',
             'bytes': '바이트',
             'binary': '이진 단위',
             'decimal': '십진 단위',
             'share': '비중',
             'kind': '블록 종류',
             'formula': '수식',
             'rule': '어림 공식',
             'defined': '저자가 정의한 파라미터',
             'gap': '차이'},
 'meaning': {'N': '레이어 수',
             'N_dec': '디코더 레이어 수',
             'V': '어휘 크기',
             'L': '최대 위치 수(위치 임베딩 테이블의 행 수)',
             'T': '토큰 타입(세그먼트) 수',
             'H': '은닉 차원',
             'd_ff': '피드포워드 네트워크의 중간 차원',
             'h': '어텐션 헤드 수',
             'h_kv': '키/값 헤드 수',
             'd_head': '헤드당 차원',
             'd_rot': '부분 회전 위치 임베딩이 헤드마다 회전시키는 차원',
             'd_emb': '임베딩 차원(인수분해 임베딩에서 H와 다름)',
             'G': '서로 다른 레이어 그룹의 수',
             'K': '그룹마다 들어 있는 레이어 수',
             'B': '배치 크기(순전파 한 번의 시퀀스 수)',
             's': '시퀀스 길이(시퀀스당 토큰 수)',
             's_dec': '디코더 시퀀스 길이(인코더-디코더 모델)',
             'n_img': '시퀀스마다 들어 있는 이미지 수(비전-언어 모델)',
             's_img': '이미지 한 장이 언어 모델 시퀀스에서 차지하는 토큰 수',
             'n_tile': '비전 타워가 이미지 한 장에서 읽는 R × R 픽셀 타일 수(LLaVA-NeXT의 격자 타일과, 한 타일로 줄인 이미지 전체)',
             'M': 'FFN 차원을 맞추는 배수(LLaMA의 multiple_of)',
             'W': '슬라이딩 윈도우: 윈도우 레이어의 각 위치가 어텐션하는 위치 수',
             'W_chunk': '어텐션 청크 크기: 청크 어텐션 레이어는 시퀀스를 이만큼의 위치씩 청크로 나누고, 각 위치는 자기 청크 안의 위치만 어텐션한다',
             'E': 'MoE 레이어마다 라우팅되는 전문가 수',
             'k': '토큰마다 라우팅되는 전문가 수(top-k)',
             'E_g': '라우팅 전문가를 나누는 그룹 수(DeepSeek-V3)',
             'k_g': '토큰마다 전문가를 고르는 그룹 수',
             'd_moe': '전문가 하나의 FFN 중간 차원',
             'E_sh': 'MoE 레이어마다 공유되는 전문가 수',
             'd_sh': '공유 전문가의 FFN 중간 차원',
             'N_dense': 'MoE 레이어 앞의 밀집 레이어 수',
             'r_q': '쿼리 압축의 랭크(MLA)',
             'r_kv': '키/값 압축의 랭크(MLA)',
             'd_rope': '쿼리/키 헤드에서 회전 위치 인코딩이 적용되는 부분의 차원(MLA, GPT-J)',
             'd_nope': '쿼리/키 헤드에서 회전 위치 인코딩이 없는 부분의 차원(MLA)',
             'd_v': '값 헤드 하나의 차원(MLA)',
             'n_buckets': '상대 위치 편향의 버킷 수',
             'n_rel': '공유 상대 위치 테이블의 한쪽 방향 상대 위치 수(테이블 전체의 행 수는 그 2배)',
             'k_conv': '첫 번째 층 뒤에 오는 합성곱의 커널 크기',
             'g_conv': '그 합성곱의 그룹 수',
             'R': '이미지 크기(정사각형 한 변의 픽셀 수)',
             'P': '패치 크기(픽셀)',
             'r_img': '이미지(또는 타일) 한 장의 토큰이 이루는 줄 수이자 한 줄의 토큰 수: 패치 격자를 m × m씩 합친 뒤 한 변의 개수',
             'Q_win': '창 어텐션 블록에서 이미지 한 장의 쿼리–키 쌍 수: 창마다 패치 수를 제곱해 더한 값',
             'L_vis': '비전 타워 위치 표의 행 수(이미지마다 격자에 맞게 보간한다)',
             'P_t': '패치 하나가 걸치는 프레임 수(시간 방향 패치 크기)',
             'm': '한 변에서 토큰 하나로 합치는 패치 수(공간 병합 크기)',
             'W_vis': '비전 타워 어텐션 창의 한 변(픽셀)',
             'H_out': '비전 타워 패치 병합기의 출력 차원',
             'd_adp': '비전 어댑터 MLP의 내부 차원(첫 층의 출력)',
             'H_adp': '비전 어댑터 MLP의 출력 차원',
             'H_img': '멀티모달 프로젝터가 읽는 이미지 특징의 차원',
             'C': '이미지 채널 수',
             'd_pool': '풀러의 출력 차원',
             'S': '인코더 스트라이드: 마스크 이미지 디코더가 패치 하나에서 복원하는 한 변의 픽셀 수',
             'n_labels': '분류 헤드의 레이블 수',
             'd_0': '입력 차원',
             'd_i': '{i}번째 선형 레이어의 출력 차원',
             'V_dec': '디코더 어휘 크기(디코더가 자기 어휘를 가질 때, Marian)',
             'L_enc': '인코더 위치 수: 합성곱을 거친 뒤의 오디오 프레임 수(Whisper)',
             'd_ff_dec': '디코더 피드포워드 중간 차원',
             'h_dec': '디코더 어텐션 헤드 수',
             'N_vis': '비전 타워의 레이어 수',
             'H_vis': '비전 타워의 은닉 차원',
             'd_ff_vis': '비전 타워 피드포워드 중간 차원',
             'h_vis': '비전 타워 어텐션 헤드 수',
             'd_proj': '투영 차원: 이미지와 텍스트가 공유하는 공간(CLIP), 또는 분류기 투영(Whisper)',
             'n_reg': '레지스터 토큰 수(레지스터가 있는 DINOv2)',
             'r_mlp': '은닉 차원 대비 피드포워드 네트워크 폭의 배수(DINOv2)',
             'n_mels': '오디오 입력의 멜 주파수 대역 수',
             'H_i': '{i}번째 단계의 은닉 차원',
             'N_i': '{i}번째 단계의 블록 수',
             'e': '상태 공간 믹서의 확장 배수(내부 폭은 e·H)',
             'd_inner': '상태 공간 믹서의 내부 폭',
             'd_state': '상태 크기: 상태 공간 믹서의 채널마다 유지하는 수',
             'd_conv': '인과 깊이별 합성곱의 폭',
             'r_dt': '스텝 크기 Δ를 만드는 투영의 랭크',
             'h_ssm': 'Mamba-2 믹서의 헤드 수',
             'd_ssm': 'Mamba-2 믹서의 헤드당 차원',
             'g_ssm': 'Mamba-2 믹서에서 B와 C를 함께 쓰는 그룹 수',
             'h_lk': '선형 어텐션의 쿼리/키 헤드 수',
             'h_lv': '선형 어텐션의 값 헤드 수',
             'd_lk': '선형 어텐션의 쿼리/키 헤드당 차원',
             'd_lv': '선형 어텐션의 값 헤드당 차원'},
 'assumption_reason': {'d_head': 'h개의 헤드가 은닉 차원을 똑같이 나누어 각각 H/h 차원을 갖는다',
                       'd_ff': '피드포워드 네트워크의 중간 차원은 은닉 차원의 4배이다',
                       'h_kv': '쿼리 헤드마다 자기 키/값 헤드를 갖는다',
                       'N_dec': '디코더의 레이어 수는 인코더와 같다',
                       'd_pool': '풀러의 출력 차원은 은닉 차원과 같다',
                       'd_ff_dec': '디코더의 피드포워드 폭이 인코더와 같다',
                       'h_dec': '디코더의 헤드 수가 인코더와 같다',
                       'V_dec': '디코더가 인코더와 같은 어휘를 읽는다',
                       'd_inner': '믹서가 은닉 차원을 e배로 넓힌다',
                       'r_dt': 'Mamba의 기본 Δ 투영 랭크: H의 16분의 1을 올림한 값'},
 'option': {'pooler': 'BertModel의 풀러: 첫 번째 토큰에 적용하는 H × H 완전연결 레이어',
            'roberta_layout': 'RoBERTa의 모듈 이름과 헤드를 쓴다',
            'tie_word_embeddings': '출력 레이어(LM head)가 토큰 임베딩 행렬을 함께 쓴다',
            'heads_first': '헤드가 본체보다 먼저 등록되어 공유 행렬이 헤드 쪽 이름으로 잡힌다(XLM-RoBERTa)',
            'add_cross_attention': '레이어마다 인코더 출력에 대한 교차 어텐션이 있다',
            'project_embeddings': '임베딩 차원 [[d_emb]]를 H로 올리는 투영이 있다',
            'summary_projection': '다지선다 헤드의 시퀀스 요약에 투영이 있다',
            'summary_to_labels': '시퀀스 요약이 H가 아니라 레이블 [[n_labels]]개로 투영한다',
            'final_norm': '모든 레이어 뒤에 LayerNorm이 하나 있다',
            'enable_bias': '모든 투영에 편향이 있다',
            'norm_affine': 'LayerNorm에 가중치와 편향이 있다',
            'attention_bias': '어텐션의 투영에 편향이 있다',
            'bias': '모든 투영과 LayerNorm에 편향이 있다',
            'new_decoder_architecture': '새 구조: 키/값 헤드 [[h_kv]]개와 병렬 정규화 두 개',
            'multi_query': '모든 쿼리 헤드가 키/값 헤드 하나를 함께 쓴다',
            'parallel_attn': '어텐션과 MLP가 같은 입력을 나란히 읽는다',
            'parallel_norms': '병렬 블록마다 정규화가 {value}개 있다',
            'mlp_bias': 'MLP의 투영에 편향이 있다',
            'qa_under_transformer': '질의응답 클래스는 디코더를 transformer라는 이름 아래 둔다',
            'qkv_bias': 'q, k, v 투영에 편향이 있다',
            'mask_token': '가려진 패치를 대신하는 마스크 토큰이 있다',
            'stages': '단계 {value}개, 단계마다 고유한 폭 [[H_i]]와 깊이 [[N_i]]',
            'layer_scale': '각 블록의 출력에 학습되는 레이어 스케일 벡터를 곱한다',
            'raw_outputs': '백본이 특징 맵을 마지막 LayerNorm 없이 출력한다',
            'last_size': '`hidden_sizes`에 폭이 {value}개 있다. 마지막 LayerNorm과 분류기는 마지막 폭을 따른다',
            'out_stages': '백본이 출력하는 특징 맵(stem 다음 각 단계 순서): {value}',
            'swiglu': '피드포워드 네트워크가 SwiGLU이다. 폭은 8의 배수로 올림한다',
            'qk_norm_per_head': 'q와 k의 헤드마다 RMSNorm을 적용한다',
            'qk_norm=per_head': 'q와 k의 헤드마다 RMSNorm을 적용한다',
            'qk_norm=none': 'q와 k에 정규화를 적용하지 않는다',
            'norm_placement=pre': '어텐션과 MLP 앞에 정규화가 있다',
            'norm=rms': 'RMSNorm: 가중치만 있고 편향은 없다',
            'qk_norm': '회전 위치 임베딩을 쓰는 레이어에서 q와 k의 헤드마다 L2 정규화(가중치 없음)를 적용한다',
            'rope_period': '{value}번째 레이어마다 회전 위치 임베딩을 쓰지 않는다(1: 모든 레이어가 쓰지 않음)',
            'rope_layers': '레이어마다 회전 위치 임베딩을 쓰는지(1) 안 쓰는지(0) 차례대로: {value}',
            'temperature_tuning': '회전 위치 임베딩을 쓰지 않는 레이어는 위치에 따라 커지는 온도 계수를 쿼리에 곱한다',
            'qk_norm=full': 'q 전체와 k 전체에 RMSNorm을 적용한다',
            'norm_placement=post': '어텐션과 MLP 뒤에만 정규화가 있다',
            'norm_placement=sandwich': '어텐션과 MLP의 앞뒤 모두에 정규화가 있다',
            'fused_projections': 'q, k, v를 투영 하나로, gate와 up도 투영 하나로 합쳤다',
            'softcap_attention': '어텐션 점수에 tanh 소프트 캡을 씌운다',
            'softcap_logits': '출력 로짓에 tanh 소프트 캡을 씌운다',
            'norm=layer': 'RMSNorm 대신 가중치와 편향이 있는 LayerNorm을 쓴다',
            'norm=layer_no_bias': 'RMSNorm 대신 가중치만 있고 편향은 없는 LayerNorm을 쓴다',
            'norm=layer_no_weights': 'RMSNorm 대신 가중치도 편향도 없는 LayerNorm을 쓴다',
            'plain_mlp': '게이트 없는 MLP: 행렬 두 개, H → [[d_ff]] → H',
            'norm_placement=parallel': '어텐션과 MLP가 정규화 하나의 출력을 나란히 받는다',
            'qk_norm=head_weights': 'q와 k의 헤드마다 LayerNorm을 적용하며, 헤드마다 가중치가 따로 있다',
            'qk_norm=head_list': 'q와 k의 헤드마다 하나씩 있는 LayerNorm 목록',
            'qk_layernorm': 'q와 k의 헤드마다 LayerNorm을 적용한다',
            'sparse_step': '{value}번째 레이어마다 MoE 레이어이고 나머지는 밀집 레이어이다',
            'layer_pattern': '레이어마다 MoE(1)인지 밀집(0)인지 차례대로: {value}',
            'experts_first': '전문가가 라우터보다 먼저 등록된다',
            'shared_expert': '출력 하나짜리 게이트가 붙은 공유 전문가가 있다',
            'sinks': '헤드마다 학습되는 어텐션 싱크가 하나 있다',
            'expert_biases': '라우터와 전문가에 편향이 있다',
            'q_lora': '쿼리가 랭크 [[r_q]]의 저랭크 압축을 거친다',
            'dense_first': '앞의 [[N_dense]]개 레이어는 밀집 레이어, 나머지는 MoE 레이어이다',
            'sparse_layers': '레이어마다 MoE(1)인지 밀집(0)인지 차례대로: {value}',
            'shared_experts': '공유 전문가 [[E_sh]]개를 너비 [[E_sh]]·[[d_moe]]의 MLP 하나로 합친다',
            'share_embeddings': '소스 임베딩, 타깃 임베딩, 출력 투영이 V × H 테이블 하나를 함께 쓴다',
            'gated': '입력 행렬이 두 개인 게이트 FFN(T5 v1.1)',
            'is_decoder': '인코더만 있는 클래스도 디코더처럼 블록마다 교차 어텐션을 넣어 만든다',
            'layers': '선형 레이어 {value}개',
            'relative_attention': '공유 상대 위치 테이블과 분리된 위치 항',
            'c2p': '내용→위치 어텐션 항이 있다',
            'p2c': '위치→내용 어텐션 항이 있다',
            'share_att_key': '위치 항이 레이어의 키·쿼리 투영을 다시 쓴다',
            'position_biased_input': '절대 위치 테이블을 단어 임베딩에 더한다',
            'token_types': '토큰 종류(세그먼트) 테이블이 있다',
            'embed_proj': '임베딩 차원이 [[d_emb]]이고 H로 투영한다',
            'rel_norm': '상대 위치 테이블에 LayerNorm을 적용한다',
            'conv': '첫 레이어 뒤에 시퀀스 방향 합성곱이 있다',
            'legacy': '디코더가 단어 테이블을 공유하는 BERT식 MLM 헤드',
            'norm_bias': 'LayerNorm에 편향이 있다',
            'decoder_bias': '마스크 언어 모델 디코더에 편향이 있다',
            'classifier_bias': '예측 헤드의 완전연결 레이어에 편향이 있다',
            'local_layers': '레이어마다 슬라이딩 윈도(1)인지 전역(0)인지 차례대로: {value}',
            'linear_layout': '투영을 torch의 Linear처럼 출력 × 입력으로 저장한다',
            'neo_attention': 'q, k, v와 출력 투영이 따로 있고 어텐션 점수를 스케일하지 않는다',
            'embedding_norm': '각 스택의 임베딩 뒤에 LayerNorm이 있다',
            'pre_norm': '각 하위 레이어 앞에 LayerNorm을 두고, 각 스택 뒤에도 하나 둔다',
            'sinusoidal': 'L행짜리 고정 사인파 위치 테이블',
            'shared_vocab': '인코더와 디코더가 토큰 테이블 하나(`shared`)를 함께 쓴다',
            'own_decoder_vocab': '디코더의 토큰은 [[V_dec]]개짜리 자기 어휘에서 온다(`decoder_vocab_size`)',
            'vision_activation': '비전 타워의 활성화 함수는 {value}',
            'vision_use_head': '비전 타워에 어텐션 풀링 헤드가 있다: 학습되는 프로브 벡터 하나가 모든 패치에 어텐션한 뒤 LayerNorm과 '
                               'MLP를 거친다',
            'siglip_tower': '비전 타워가 SigLIP의 것이다: 클래스 토큰이 없고 패치 합성곱에 편향이 있다',
            'projector_bias': '프로젝터의 두 층에 편향이 있다',
            'projector_activation': '프로젝터의 활성화 함수는 {value}',
            'feature_layers': '프로젝터가 비전 레이어 {value}개의 상태를 나란히 이어 읽는다',
            'full_blocks': '비전 타워의 블록 {value}개는 이미지 전체에 어텐션하고, 나머지는 창 안에서만 어텐션한다',
            'deepstack_built': 'DeepStack 병합기를 {value}개 만든다: 설정에 적힌 비전 블록마다 하나씩',
            'deepstack_run': 'DeepStack 병합기 {value}개가 돈다: 비전 타워에 실제로 있는 블록의 것만',
            'full_features': '프로젝터가 비전 타워가 남긴 상태를 첫 번째(CLIP의 클래스 토큰)까지 모두 읽는다',
            'text_llama': '언어 모델이 LLaMA다',
            'text_model=qwen2': '언어 모델은 Qwen2의 디코더이며 q, k, v 투영에 편향이 있다',
            'text_model=qwen3': '언어 모델은 Qwen3의 디코더이며 q와 k의 헤드마다 RMSNorm을 거친다',
            'text_model=llama': '언어 모델은 LLaMA의 디코더다',
            'vision_qkv_bias': '비전 타워의 q, k, v 투영에 편향이 있다',
            'vision_qk_norm': '비전 타워가 헤드로 나누기 전에 q 전체와 k 전체에 각각 RMSNorm을 적용한다',
            'vision_rms_norm': '비전 타워의 층이 RMSNorm(가중치만 있고 편향은 없음)으로 정규화한다',
            'position_table': '비전 타워에 학습되는 위치 테이블이 있고, 클래스 토큰과 각 패치가 한 행씩 차지한다',
            'vision_post_norm': '비전 타워의 마지막 층 뒤에 모든 상태에 LayerNorm을 한 번 더 적용한다',
            'text_mistral': '언어 모델이 Mistral이다',
            'text_qwen2': '언어 모델이 Qwen2다',
            'text_gemma': '언어 모델이 Gemma다',
            'grid_pinpoints': '프로세서가 이미지를 타일로 자르기 전에 바꿀 수 있는 해상도(높이와 너비를 번갈아 적음): {value}',
            'aspect_ratio': '격자의 특징을 타일 약 K개 분량으로 줄인다(K는 vision_aspect_ratio에 적힌 대로): {value}',
            'whole_when_several': '한 시퀀스에 이미지가 여러 장이면 각 이미지를 통째로 타일 하나로 읽는다',
            'text_gemma2': '언어 모델이 Gemma 2다',
            'gemma_window': 'Gemma의 텍스트 설정에 Gemma 2의 키인 sliding_window가 적혀 있다',
            'conv_bias': '깊이별 합성곱에 편향이 있다',
            'proj_bias': '입력 투영과 출력 투영에 편향이 있다',
            'dt_bc_norms': 'Δ, B, C에 가중치 없는 RMSNorm(Falcon-Mamba)',
            'chunk_size': '스캔의 청크 길이 Q = {value}',
            'moe': 'MoE 레이어가 있다(전문가가 둘 이상)',
            'attn_period': '{value} 레이어마다 어텐션 레이어가 하나',
            'attn_offset': '첫 어텐션 레이어의 번호는 {value}',
            'expert_period': '{value} 레이어마다 MoE 레이어가 하나',
            'expert_offset': '첫 MoE 레이어의 번호는 {value}',
            'full_attention_interval': '{value} 레이어마다 전체 어텐션이 하나, 나머지는 선형 어텐션',
            'attention_pattern': '레이어별로 전체 어텐션(1) 또는 선형 어텐션(0): {value}',
            'softmax_routing': '라우터가 E개의 logits에 sigmoid 대신 softmax를 취한다(DeepSeek-V2)',
            'grouped_attention': '잠재 어텐션 대신 그룹 쿼리 어텐션(q, k, v 투영, 키/값 헤드 [[h_kv]]개)을 쓰고, 회전 위치 '
                                 '임베딩이 헤드마다 [[d_head]]차원 가운데 [[d_rot]]차원만 회전한다(GLM-4.5)',
            'block_sparse_moe': '전문가가 `block_sparse_moe` 아래에 있고, 라우터의 상위 k개 logits에만 softmax를 '
                                '취한다(GraniteMoE)',
            'weighted_layer_sum': '오디오 분류기가 먼저 입력과 각 레이어 출력의 은닉 상태 N + 1개를 학습되는 가중치로 가중합한다',
            'activation': '활성화 함수는 {value}',
            'summary_activation': '다지선다 헤드 시퀀스 요약의 활성화 함수는 {value}',
            'pooler_activation': '풀러의 활성화 함수는 {value}',
            'conv_activation': '합성곱의 활성화 함수는 {value}',
            'head_activation': '예측 헤드의 활성화 함수는 {value}',
            'mean_pooling': '분류기가 첫 토큰이 아니라 모든 토큰의 평균을 읽는다',
            'clip_qkv': '어텐션이 Wqkv의 출력을 일정 범위로 자른다',
            'parallel_residual': '어텐션과 MLP가 나란히 있고, 각자 레이어 입력에 자기 정규화를 적용한다',
            'alibi': '회전 위치 임베딩 대신 ALiBi 위치 편향을 쓴다',
            'window_period': '슬라이딩 윈도 레이어의 주기는 {value}(0: 없음, 1: 전부, p: p번째마다 하나를 뺀 전부)',
            'window_layers': '레이어마다 슬라이딩 윈도(1)인지 전체 어텐션(0)인지 차례대로: {value}',
            'norm=rms_gemma': 'Gemma의 RMSNorm: 1 + 가중치를 곱한다',
            'norm=rms_olmo2': 'RMSNorm이 가중치를 fp32로 곱한다',
            'partial_rotary': '회전 위치 임베딩이 헤드마다 [[d_head]]차원 가운데 [[d_rot]]차원만 회전한다',
            'rotary_sliding': '슬라이딩 윈도 레이어만 회전 위치 임베딩을 쓴다',
            'rotary_fp32': '회전 위치 테이블을 fp32로 유지한다',
            'rotary_per_kind': '슬라이딩 윈도 레이어와 전체 어텐션 레이어가 각자 회전 위치 테이블을 쓴다',
            'rotary_interleaved': '레이어마다 fp32 회전 위치 테이블을 새로 교차 배열하고, q와 k를 fp32로 회전한다',
            'norm_topk_prob': '상위 k개 라우팅 가중치를 합이 1이 되도록 다시 정규화한다',
            'falcon.bias': '모든 투영에 편향이 있다',
            'mlp.bias': '선형 레이어에 편향이 있다',
            'transformer.final_norm': '인코더 스택과 디코더 스택 뒤에 각각 LayerNorm이 있다',
            'opt.project_embeddings': '레이어 앞에 임베딩 차원 [[d_emb]]에서 H로 올리는 투영이, 레이어 뒤에 다시 내리는 투영이 있다',
            'vit.pooler': 'ViTModel의 풀러: 클래스 토큰에 적용하는 H → [[d_pool]] 완전연결 레이어',
            'llama4.window_period': '[[W_chunk]]개 위치씩 청크로 나누어 어텐션하는 레이어의 주기는 {value}(0: 없음, 1: 전부, '
                                    'p: p번째마다 하나를 뺀 전부)',
            'llama4.window_layers': '레이어마다 청크 어텐션(1)인지 전체 어텐션(0)인지 차례대로: {value}'},
 'option_off': {'deepstack_built': 'DeepStack 병합기를 만들지 않는다',
                'deepstack_run': '도는 DeepStack 병합기가 없다',
                'full_blocks': '비전 타워의 모든 블록이 창 안에서만 어텐션한다',
                'pooler': '풀러가 없다',
                'tie_word_embeddings': '출력 레이어(LM head)가 토큰 임베딩과 별도로 자기 V × H 행렬을 갖는다',
                'add_cross_attention': '인코더 출력에 대한 교차 어텐션이 없다',
                'project_embeddings': '투영이 없다: 임베딩 차원이 곧 H이다',
                'summary_projection': '다지선다 헤드의 시퀀스 요약에 투영이 없다',
                'final_norm': '모든 레이어 뒤의 LayerNorm이 없다',
                'enable_bias': '투영에 편향이 없다',
                'norm_affine': 'LayerNorm에 가중치도 편향도 없다',
                'attention_bias': '어텐션의 투영에 편향이 없다',
                'bias': '투영과 LayerNorm에 편향이 없다',
                'new_decoder_architecture': '원래 구조: 키/값 헤드 하나(또는 쿼리 헤드마다 하나)와 정규화 하나',
                'multi_query': '쿼리 헤드마다 자기 키/값 헤드가 있다',
                'parallel_attn': '어텐션을 먼저, 그다음 MLP를 거친다',
                'mlp_bias': 'MLP의 투영에 편향이 없다',
                'qkv_bias': 'q, k, v 투영에 편향이 없다',
                'mask_token': '마스크 토큰이 없다',
                'layer_scale': '레이어 스케일이 없다',
                'swiglu': '게이트 없는 피드포워드 네트워크: 행렬 두 개, 폭은 [[r_mlp]]·H',
                'qk_layernorm': 'q와 k에 LayerNorm을 적용하지 않는다',
                'q_lora': '쿼리를 압축 없이 바로 투영한다',
                'dense_first': '모든 레이어가 MoE 레이어이다',
                'shared_experts': '공유 전문가가 없다',
                'share_embeddings': '소스 임베딩, 타깃 임베딩, 출력 투영이 각자 V × H 테이블을 갖는다',
                'gated': '입력 행렬이 하나인 일반 FFN(T5 v1.0)',
                'relative_attention': '상대 위치가 없다: 내용끼리의 어텐션만 있다',
                'c2p': '내용→위치 어텐션 항이 없다',
                'p2c': '위치→내용 어텐션 항이 없다',
                'share_att_key': '위치 항에 자기 투영이 따로 있다',
                'position_biased_input': '절대 위치 테이블이 없다',
                'token_types': '토큰 종류(세그먼트) 테이블이 없다',
                'embed_proj': '임베딩 차원이 H이며 투영이 없다',
                'rel_norm': '상대 위치 테이블에 LayerNorm이 없다',
                'conv': '합성곱이 없다',
                'legacy': '단어 테이블을 직접 곱하는 헤드',
                'norm_bias': 'LayerNorm에 편향이 없다',
                'decoder_bias': '마스크 언어 모델 디코더에 편향이 없다',
                'classifier_bias': '예측 헤드의 완전연결 레이어에 편향이 없다',
                'embedding_norm': '임베딩 뒤에 LayerNorm이 없다',
                'pre_norm': '각 하위 레이어 뒤에 LayerNorm을 둔다(후치 정규화)',
                'sinusoidal': 'L + 2행짜리 학습되는 위치 테이블(오프셋 2)',
                'shared_vocab': '인코더와 디코더가 각자 토큰 테이블을 가진다',
                'own_decoder_vocab': '디코더가 인코더의 어휘를 읽는다',
                'vision_use_head': '비전 타워에 어텐션 풀링 헤드가 없다',
                'siglip_tower': '비전 타워가 CLIP의 것이다: 클래스 토큰이 있고 레이어 앞에 LayerNorm이 있다',
                'projector_bias': '프로젝터의 층에 편향이 없다',
                'full_features': '프로젝터가 비전 타워의 첫 번째 상태(CLIP의 클래스 토큰)는 읽지 않는다',
                'text_llama': '언어 모델이 LLaMA가 아니다',
                'vision_qkv_bias': '비전 타워의 q, k, v 투영에 편향이 없다',
                'vision_qk_norm': '비전 타워가 q와 k를 정규화하지 않는다',
                'vision_rms_norm': '비전 타워의 층이 LayerNorm(가중치와 편향)으로 정규화한다',
                'position_table': '비전 타워에 위치 테이블이 없다',
                'vision_post_norm': '비전 타워의 마지막 층 뒤에 정규화가 없다',
                'text_mistral': '언어 모델이 Mistral이 아니다',
                'text_qwen2': '언어 모델이 Qwen2가 아니다',
                'text_gemma': '언어 모델이 Gemma가 아니다',
                'whole_when_several': '한 시퀀스에 이미지가 여러 장이어도 각 이미지를 한 장일 때처럼 타일로 자른다',
                'text_gemma2': '언어 모델이 Gemma 2가 아니다',
                'gemma_window': 'Gemma의 텍스트 설정에 Gemma 2의 키가 없다',
                'conv_bias': '깊이별 합성곱에 편향이 없다',
                'moe': 'MoE 레이어가 없다: 모든 레이어가 밀집 MLP이다',
                'proj_bias': '입력 투영과 출력 투영에 편향이 없다',
                'weighted_layer_sum': '오디오 분류기는 마지막 레이어의 출력만 읽는다',
                'roberta_layout': 'BERT의 모듈 이름과 헤드를 쓴다',
                'heads_first': '본체가 헤드보다 먼저 등록되어 공유 행렬이 본체 쪽 이름으로 잡힌다',
                'summary_to_labels': '시퀀스 요약이 H로 투영한다',
                'mean_pooling': '분류기가 첫 토큰을 읽는다',
                'linear_layout': '투영을 GPT-2의 Conv1D처럼 입력 × 출력으로 저장한다',
                'neo_attention': 'GPT-2의 어텐션: q, k, v가 투영 하나(c_attn)에서 나오고 어텐션 점수를 스케일한다',
                'clip_qkv': 'Wqkv의 출력을 자르지 않는다',
                'parallel_residual': '어텐션을 먼저, 그다음 MLP를 거치며, 각각 앞에 정규화가 있다',
                'alibi': '회전 위치 임베딩을 쓴다',
                'qa_under_transformer': '질의응답 클래스는 디코더를 model이라는 이름 아래 둔다',
                'qk_norm_per_head': 'q와 k의 헤드에 RMSNorm을 적용하지 않는다',
                'qk_norm': 'q와 k의 헤드에 정규화를 적용하지 않는다',
                'temperature_tuning': '회전 위치 임베딩을 쓰지 않는 레이어는 쿼리에 온도 계수를 곱하지 않는다',
                'fused_projections': 'q, k, v와 gate, up이 각자 따로 투영이다',
                'softcap_attention': '어텐션 점수에 소프트 캡을 씌우지 않는다',
                'softcap_logits': '출력 로짓에 소프트 캡을 씌우지 않는다',
                'plain_mlp': '게이트가 있는 MLP(SwiGLU): 행렬 세 개, gate와 up은 H → [[d_ff]], down은 다시 H로',
                'partial_rotary': '회전 위치 임베딩이 헤드의 모든 차원을 회전한다',
                'rotary_sliding': '모든 레이어가 회전 위치 임베딩을 쓴다',
                'rotary_fp32': '회전 위치 테이블을 모델의 자료형으로 바꾼다',
                'rotary_per_kind': '모든 레이어가 회전 위치 테이블 하나를 함께 쓴다',
                'rotary_interleaved': '모든 레이어가 같은 회전 위치 테이블로 회전한다',
                'block_sparse_moe': '전문가가 `mlp` 아래에 있고, 라우터의 모든 logits에 softmax를 취한다',
                'experts_first': '라우터가 전문가보다 먼저 등록된다',
                'shared_expert': '공유 전문가가 없다',
                'sinks': '어텐션 싱크가 없다',
                'expert_biases': '라우터와 전문가에 편향이 없다',
                'norm_topk_prob': '상위 k개 라우팅 가중치를 다시 정규화하지 않는다',
                'softmax_routing': '라우터가 E개의 logits에 sigmoid를 취하고, 가장 좋은 전문가 그룹부터 고른다(DeepSeek-V3)',
                'grouped_attention': '멀티헤드 잠재 어텐션(DeepSeek)',
                'dt_bc_norms': 'Δ, B, C에 정규화가 없다',
                'is_decoder': '인코더의 블록으로 만들며 교차 어텐션이 없다',
                'raw_outputs': '백본이 특징 맵을 마지막 LayerNorm을 거쳐 출력한다',
                'falcon.bias': '투영에 편향이 없다',
                'mlp.bias': '선형 레이어에 편향이 없다',
                'transformer.final_norm': '스택 뒤에 LayerNorm이 없다',
                'opt.project_embeddings': '투영이 없다: 임베딩 차원이 곧 H이다',
                'vit.pooler': '풀러가 없다'},
 'kind': {'embedding': '임베딩',
          'attention': '어텐션',
          'mixer': '시퀀스 믹서(상태 공간, 선형 어텐션)',
          'mlp': 'MLP',
          'experts': '라우팅 전문가',
          'router': '라우터',
          'shared_experts': '공유 전문가',
          'norm': '정규화',
          'head': '헤드',
          'other': '기타',
          'scores': '시퀀스 전체에 대한 어텐션(점수와 가중합)',
          'conv': '합성곱'},
 'text': {'gpu_intro': 'GPU {gpus}장을 데이터 병렬(d = {dp}), 텐서 병렬(t = {tp}), 파이프라인 병렬(p = {pp})로 나누어 '
                       '학습하며, {zero}. 옵티마이저 방식은 {optimiser}이다. {psi}는 GPU 한 장이 가진 파라미터 수(나뉜 텐서는 그 '
                       '조각, 나머지는 통째로)이고, {nd}는 ZeRO가 이를 나누어 맡기는 데이터 병렬 랭크 수로, 랭크마다 {share}씩 가진다.',
          'gpu_zero': 'ZeRO {zero}단계를 쓴다',
          'gpu_no_zero': 'ZeRO는 쓰지 않는다',
          'gpu_experts': '전문가(expert)는 데이터 병렬 랭크 가운데 e = {ep}개에 나뉘어 놓인다. {psi_e}는 GPU 한 장이 가진 전문가 '
                         '파라미터 수이며, 같은 전문가를 가진 {nde}개 랭크 사이에서 나뉜다.',
          'gpu_only': 'GPU마다 파라미터 {params}개를 가진다.',
          'gpu_first': '가장 많이 가진 GPU는 파이프라인 첫 단계({stages}단계 중 {stage}번째, 토큰 임베딩 표 포함)에 있으며 파라미터 '
                       '{params}개를 가진다.',
          'gpu_last': '가장 많이 가진 GPU는 파이프라인 마지막 단계({stages}단계 중 {stage}번째, 마지막 정규화 층과 출력 헤드 포함)에 '
                      '있으며 파라미터 {params}개를 가진다.',
          'gpu_middle': '가장 많이 가진 GPU는 파이프라인 {stage}번째 단계({stages}단계 중)에 있으며 파라미터 {params}개를 가진다.',
          'gpu_expert_params': '전문가 파라미터도 {params}개 더 가진다.',
          'gpu_weights': '가중치',
          'gpu_gradients': '기울기',
          'gpu_optimiser_state': '옵티마이저 상태',
          'gpu_total': '합계',
          'gpu_rules': '텐서 병렬은 Megatron-LM 방식(Shoeybi 외, 2019)으로 텐서를 나눈다. q, k, v와 MLP의 up·gate '
                       '투영은 출력 쪽으로, 출력 투영과 down 투영은 입력 쪽으로, 토큰 임베딩 표와 출력 헤드는 어휘 쪽으로 나누고, 정규화 층과 행 '
                       '병렬 투영의 편향, 라우터는 통째로 둔다. ZeRO(Rajbhandari 외, 2020)는 옵티마이저 상태를(1단계), 여기에 '
                       '기울기를(2단계), 가중치까지(3단계) 나눈다.',
          'gpu_context': '컨텍스트 병렬은 시퀀스마다 토큰을 GPU c = {cp}장에 나눈다. 이 GPU들은 같은 가중치를 가지므로, 기울기는 {nd} = '
                         'd·c = {group}장의 GPU 사이에서 모으고 ZeRO도 이들 사이에서 나눈다.',
          'gpu_sequence': '시퀀스 병렬(Korthikanti 외, 2022)은 어텐션 헤드와 내부 폭 밖의 활성값을 토큰 단위로 텐서 병렬 랭크 t개에 '
                          '나눈다.',
          'gpu_activations': '활성값',
          'gpu_activations_counted': '{a:는} 마이크로배치 하나(시퀀스 b = {b}개, 각 토큰 s = {s}개)가 이 GPU에서 역전파를 '
                                     '위해 저장하는 텐서로, transformers 코드가 실제로 실행하는 대로 텐서마다 한 번씩 세며, 자료형은 '
                                     '{dtype}이고 {recompute}.',
          'gpu_activations_counted_images': '{a:는} 마이크로배치 하나(입력 b = {b}개)가 이 GPU에서 역전파를 위해 저장하는 '
                                            '텐서로, transformers 코드가 실제로 실행하는 대로 텐서마다 한 번씩 세며, 자료형은 '
                                            '{dtype}이고 {recompute}.',
          'gpu_recompute_none': '재계산은 하지 않는다',
          'gpu_recompute_selective': '선택적 재계산을 한다',
          'gpu_recompute_full': '전체 재계산을 한다',
          'gpu_activations_tp': '텐서 병렬에서는 랭크 하나의 몫이다. 어텐션 헤드와 MLP·전문가의 내부 폭은 1/t씩(헤드 하나의 폭은 '
                                '그대로)이고, 정규화 층과 잔차 흐름, 열 병렬 선형층의 입력은 시퀀스 병렬이 나누지 않는 한 통째로 둔다.',
          'gpu_activations_sp': '시퀀스 병렬을 쓰면 어텐션 헤드와 내부 폭 밖의 텐서(정규화 층, 잔차 흐름, 열 병렬 선형층의 입력, 라우터)는 '
                                '토큰의 1/t만 저장한다.',
          'gpu_activations_sp_latent': '잠재 어텐션의 잠재 벡터와 그 정규화도 토큰의 1/t만 저장한다. Megatron-Core의 다중 잠재 '
                                       '어텐션이 이를 각 GPU가 맡은 시퀀스 구간에서 계산하기 때문이다.',
          'gpu_activations_cp': '컨텍스트 병렬을 쓰면 GPU마다 시퀀스별로 토큰 s/c = {tokens}개의 텐서만 저장한다(c = {cp}, 링 '
                                '어텐션은 s × s 크기의 텐서를 저장하지 않는다).',
          'gpu_activations_ep': '전문가 쪽 행은 이 GPU의 전문가들이 용량 계수 c = {c}에서 받는 행으로, 층마다 {rows}이며 모자라면 '
                                '채워 넣는다.',
          'gpu_activations_pp': 'Megatron-LM의 비인터리브 1F1B 스케줄에서 파이프라인 {q}번째 단계는 정점에서 마이크로배치 '
                                '{flight}개의 활성값을 가진다(m = {m}). 이 GPU는 {k}개를 가지며 하나에 {one}바이트다. '
                                '단계별로는 {stages}바이트다.',
          'gpu_activations_need_seq': '활성값과 통신량에는 시퀀스 길이({seq})가 필요하다.',
          'gpu_activations_refused': '이 배치에서는 활성값을 유도하지 않으며({command}에서 이유를 알려 준다) 합계에도 넣지 않는다.',
          'gpu_no_activations': '활성값은 포함하지 않는다.',
          'gpu_kv': '추론할 때 시퀀스 B = {batch}개의 KV 캐시는 복제본 하나의 GPU 한 장에 {bytes}바이트({binary})이며, 그 '
                    '복제본의 t장과 p장에 나뉜다.',
          'gpu_kv_context': '추론할 때 시퀀스 B = {batch}개의 KV 캐시는 복제본 하나의 GPU 한 장에 '
                            '{bytes}바이트({binary})이며, 그 복제본의 t장, p장, c장에 나뉜다.',
          'gpu_kv_latent': '추론할 때 시퀀스 B = {batch}개의 KV 캐시는 복제본 하나의 GPU 한 장에 '
                           '{bytes}바이트({binary})이며, 그 복제본의 p장에 나뉜다. 잠재 어텐션의 캐시는 헤드별로 나뉘지 않아 텐서 병렬 '
                           'GPU t장이 저마다 전부를 가진다. vLLM이 이 캐시를 키·값 헤드 하나로 디코딩하기 때문이다.',
          'gpu_kv_latent_context': '추론할 때 시퀀스 B = {batch}개의 KV 캐시는 복제본 하나의 GPU 한 장에 '
                                   '{bytes}바이트({binary})이며, 그 복제본의 p장과 c장에 나뉜다. 잠재 어텐션의 캐시는 헤드별로 '
                                   '나뉘지 않아 텐서 병렬 GPU t장이 저마다 전부를 가진다. vLLM이 이 캐시를 키·값 헤드 하나로 디코딩하기 '
                                   '때문이다.',
          'gpu_kv_stages': '파이프라인 단계마다 맡는 몫이 달라 각각 {stages}바이트이며, 위의 수치는 가장 많이 가진 단계의 것이다.',
          'gpu_traffic': '학습 한 스텝의 통신량',
          'gpu_traffic_intro': 'GPU 한 장이 마이크로배치 m = {m}개로 이루어진 학습 한 스텝에서 보내는 양을 원소 수에 원소 하나의 바이트 '
                               '수를 곱해 센다.',
          'gpu_element_bytes': '원소당 바이트',
          'gpu_traffic_data': '데이터 병렬 기울기 통신',
          'gpu_traffic_data_zero3': '데이터 병렬 기울기 통신과 ZeRO-3의 가중치 모으기',
          'gpu_traffic_tensor': '텐서 병렬 올리듀스',
          'gpu_traffic_pipeline': '파이프라인 단계 간 전송',
          'gpu_traffic_expert': '전문가 올투올 통신',
          'gpu_traffic_context': '컨텍스트 병렬 링 전달',
          'gpu_traffic_refused': '{kind}: 이 모델에서는 유도하지 않는다.',
          'gpu_traffic_rules': '통신량 공식에서 d는 같은 가중치를 가진 GPU 수, {nstage}는 이 GPU에 있는 층 수다.',
          'gpu_traffic_rules_data': '링 올리듀스는 GPU마다 데이터의 2(d − 1)/d를 보내고, 리듀스-스캐터나 올개더는 그 절반을 보낸다. '
                                    'ZeRO-0과 ZeRO-1은 스텝마다 기울기를 한 번 모으고, ZeRO-2는 마이크로배치마다 모은 뒤 가중치를 '
                                    '한 번 모으며, ZeRO-3은 마이크로배치마다 순전파와 역전파에서 가중치도 모은다(DeepSpeed의 '
                                    '스케줄).',
          'gpu_traffic_rules_tensor': '텐서 병렬은 순전파에서 행 병렬 블록의 출력을 올리듀스하고, 역전파에서는 분할된 부분이 통째로 읽는 '
                                      '텐서마다 그 기울기를 올리듀스한다. 블록의 입력, 또는 잠재 어텐션의 쿼리 잠재 벡터, 키·값 잠재 벡터, '
                                      '공유 회전 키다(Megatron-LM).',
          'gpu_traffic_rules_kinds': '이 GPU의 층은 여러 종류이며, 올리듀스가 같은 층끼리 묶어 센다. 종류마다 층이 {nk}개이고, 층마다 '
                                     '토큰 하나에 원소 {wk}개를 올리듀스한다: {kinds}.',
          'gpu_traffic_rules_pipeline': '파이프라인 단계는 마이크로배치마다 활성값을 다음 단계로 보내고 기울기를 앞 단계로 돌려보낸다.',
          'gpu_traffic_rules_expert': '전문가 병렬은 MoE 층마다 순전파와 역전파에서 토큰을 올투올로 주고받는다.',
          'gpu_traffic_rules_moe': '그중 MoE 층의 수는 {ne}이다.',
          'gpu_traffic_rules_context': '링 어텐션은 층마다 GPU의 키와 값을 링을 따라 3(c − 1)번 넘기며, 넘기는 수는 토큰 하나에 '
                                       '{wkv}개다.',
          'gpu_bubble': 'Megatron-LM의 1F1B 스케줄에서 파이프라인 버블(Narayanan 외, 2021)은 이상적인 스텝 시간의 '
                        '{bubble}이다({percent}).',
          'gpu_fits': '{limit}바이트({limit_binary}) GPU에 들어가며 {spare}바이트가 남는다.',
          'gpu_over': '{limit}바이트({limit_binary}) GPU에 들어가지 않는다. {over}바이트({over_binary})가 넘친다.',
          'gpu_fits_without_activations': '(가중치, 기울기, 옵티마이저 상태만 셌으며 활성값은 넣지 않았다.)',
          'option_not': '사용하지 않음: {help}',
          'sentence_gap': ' ',
          'kind_formula': '{kind}: {formula}',
          'kind_share': '{kind}: {formula} = {value}(레이어의 {share})',
          'options': '모델 클래스의 옵션:',
          'assumptions': '가정:',
          'assumed_value': '{assumption}에서 유도',
          'none': '—',
          'section_parts': '구성: {names}.',
          'section_layer': '레이어 하나({prefix}). 전체 스택은 이 레이어를 {count}번 반복하며, 각 레이어는 자기 가중치를 따로 갖는다.',
          'section_layer_symbolic': '레이어 하나({prefix}). 전체 스택은 이 레이어를 {count}번 반복하며, 각 레이어는 자기 가중치를 '
                                    '따로 갖는다.',
          'layer_sum': '레이어 하나의 합:',
          'stack_sum': '전체 레이어의 합:',
          'part_sum': '이 부분의 합:',
          'tied_row': '{owner:과} 공유: +0',
          'sum_of_parts': '각 부분을 더하면:',
          'closed_form': '닫힌 형식(closed form)으로 정리하면(레이어 수로 먼저 묶고, 나머지는 H의 차수 순으로):',
          'final': '전체 파라미터 수: {value}개.',
          'active_intro': '활성 파라미터: 토큰 하나가 실제로 거치는 파라미터로, 밀집 부분 전체, 라우터, 그리고 E개의 라우팅 전문가 중 선택된 k개를 '
                          '포함한다:',
          'active_intro_shared': '활성 파라미터: 토큰 하나가 실제로 거치는 파라미터로, 밀집 부분 전체, 라우터, E개의 라우팅 전문가 중 선택된 '
                                 'k개, 그리고 공유 전문가를 포함한다:',
          'active_final': '토큰당 활성 파라미터 수: {value}개(전체 {total}개).',
          'final_symbolic': '이 계열의 전체 파라미터 수는 위의 닫힌 형식이며, H² 항은 각 레이어의 정방 행렬에서 나온다.',
          'tie': '{name:은} {owner:과} 같은 텐서이므로 한 번만 센다: +0.',
          'tie_untied': '공유하지 않는다면 파라미터가 {untied}개 늘어나 전체가 {value}개가 아니라 {total}개가 된다.',
          'no_ties': '이 모델에는 공유되는 가중치가 없다.',
          'kept': '전체 파라미터 수는 {symbols}에 따라 달라진다.',
          'drop_cancels': '{symbol:은} 파라미터 수에 영향을 주지 않는다. 곱의 형태로만 나타나는데, 가정 {assumption} 아래에서 그 곱이 '
                          '약분되어 사라지기 때문이다:',
          'drop_no_weights': '{symbol:은} 파라미터 수에 영향을 주지 않는다. 레이어가 어떻게 계산하는지만 정할 뿐, 어떤 가중치의 모양도 정하지 '
                             '않는다.',
          'drop_splits': '{symbol:은} 파라미터 수에 영향을 주지 않는다. {whole:을} 같은 크기의 조각으로 나눌 뿐 자기 가중치는 없다(그래서 '
                         '{whole:은} 이 값으로 나누어떨어져야 한다).',
          'drop_splits_to_run': '{symbol:은} 파라미터 수에 영향을 주지 않는다. 순전파에서 {whole:을} 이 값만큼의 같은 크기 그룹으로 '
                                '나누므로, 모델이 실행되려면 {whole:은} 이 값으로 나누어떨어져야 한다(값과 상관없이 '
                                '`transformers`는 모델을 만들고 파라미터도 그대로 센다). 자기 가중치는 없다.',
          'drop_shared': '{symbol:은} 파라미터 수에 영향을 주지 않는다. 모든 레이어가 같은 가중치를 공유하므로 깊이가 늘어도 파라미터가 늘지 '
                         '않는다.',
          'drop_active_only': '{symbol:은} 전체 파라미터 수에 영향을 주지 않는다. 토큰마다 쓰는 전문가 수만 정하므로 활성 파라미터 수만 '
                              '바꾼다.',
          'drop_given': '{symbol:은} 파라미터 수에 영향을 주지 않는다. 기본값 {assumption}만 정하는데, 설정 파일이 그 크기를 직접 '
                        '지정한다.',
          'drop_assumed': '{symbol:은} 가정 {assumption}에 따라 다른 하이퍼파라미터로 대체된다.',
          'drop_image': '{symbol:은} 파라미터 수에 영향을 주지 않는다. 이미지 크기는 각 합성곱이 처리하는 위치 수(FLOPs)만 정할 뿐, '
                        '가중치의 크기와는 무관하다.',
          'drop_rotary': '{symbol:은} 파라미터 수에 영향을 주지 않는다. 회전 위치 인코딩이 각 헤드에서 몇 차원을 회전할지만 정할 뿐이고, '
                         '회전에는 가중치가 없다.',
          'no_drops': '모델의 모든 하이퍼파라미터가 전체 파라미터 수에 나타난다.',
          'memory_intro': '가중치만 각 자료형으로 저장할 때 필요한 메모리({mib}, {mb}, {gib}, {gb}):',
          'memory_int8': '표의 int8 행은 파라미터당 1바이트로 센 값이며 스케일은 들어 있지 않다. {command}의 양자화 크기(int8, '
                         'int4)는 양자화된 체크포인트가 저장하는 방식대로 센 값이다. 행렬의 각 행마다(또는 한 행의 가중치 그룹마다) fp16 '
                         '스케일이 하나씩 더 붙고, 벡터와 임베딩 테이블, 토큰 임베딩과 묶이지 않은 출력 레이어(LM head)는 fp16으로 남는다.',
          'reported': '논문에 공개된 파라미터 수: {params}({source}). 정확한 파라미터 수는 이보다 {percent} {side}.',
          'above': '많다',
          'below': '적다',
          'compute_intro': '길이 s = {seq}인 시퀀스 B = {batch}개를 한 번 순전파할 때의 FLOPs로, {counter}와 같은 방식으로 '
                           '센다. 곱셈-덧셈 한 번을 2 FLOPs로 세고, 어텐션 점수는 s × s 행렬 전체로 센다(인과 마스크로 반으로 줄이지 '
                           '않는다). 정규화와 활성화 함수는 세지 않는다:',
          'compute_images': '각 시퀀스에는 텍스트 토큰 s개 외에 이미지 {n_img} = {images}장이 들어 있다. 비전 타워는 이미지마다 패치 '
                            '{patches}개({side} × {side})에서 돌고, 프로젝터가 이를 {kernel} × {kernel} 블록으로 '
                            '평균해 토큰 {s_img} = {tokens}개로 만들며, 언어 모델은 이 토큰을 텍스트와 함께 읽는다.',
          'compute_images_projected': '각 시퀀스에는 텍스트 토큰 s개 외에 이미지 {n_img} = {images}장이 들어 있다. 비전 타워는 '
                                      '이미지마다 패치 {patches}개({side} × {side})에서 돌고, 프로젝터가 그중 남겨 둔 '
                                      '상태를 토큰 {s_img} = {tokens}개로 옮기며, 언어 모델은 이 토큰을 텍스트와 함께 읽는다.',
          'compute_images_merged': '각 시퀀스에는 텍스트 토큰 s개 외에 이미지 {n_img} = {images}장이 들어 있고, 프로세서가 '
                                   '이미지마다 크기를 {height} × {width} 픽셀로 바꾼다. 비전 타워는 이미지마다 패치 '
                                   '{patches}개({side} × {columns})에서 돌고, 패치 병합기가 이웃한 패치 {merge} × '
                                   '{merge}개를 토큰 하나로 합쳐 토큰 {s_img} = {tokens}개를 만들며, 언어 모델은 이 토큰을 '
                                   '텍스트와 함께 읽는다. 창 어텐션 블록은 토큰 {window} × {window}개 크기의 창 안에서만 '
                                   '어텐션하므로, 이미지 한 장의 쿼리–키 쌍은 {Q_win} = {pairs}개다.',
          'compute_images_rows': '각 시퀀스에는 텍스트 토큰 s개 외에 이미지 {n_img} = {images}장이 들어 있고, 이미지마다 비전 '
                                 '타워가 받는 가장 큰 크기({height} × {width} 픽셀)로 센다. 비전 타워는 이미지마다 패치 '
                                 '{patches}개({side} × {columns})에서 돌고, 패치 병합기가 이웃한 패치 {merge} × '
                                 '{merge}개를 토큰 하나로 합쳐 토큰 {merged}개를 {r_img} = {rows}줄로 만든다. 프로세서는 '
                                 '줄마다 끝에 [IMG_BREAK] 토큰을(마지막 줄에는 [IMG_END]를) 붙이므로 이미지 한 장은 토큰 '
                                 '{tokens}개가 되고, 언어 모델은 이 토큰을 텍스트와 함께 읽는다.',
          'compute_images_tiled': '각 시퀀스에는 텍스트 토큰 s개 외에 이미지 {n_img} = {images}장이 들어 있고, 각 이미지는 '
                                  '프로세서가 원본 이미지에서 잘라 낸 {height} × {width} 픽셀 크기의 타일이다(타일 수는 원본의 '
                                  '가로세로 비율과 프로세서 자신의 설정, 곧 가장 긴 변이나 타일 수 상한으로 정해지고, 여러 타일로 잘릴 때는 '
                                  '원본 전체를 줄인 타일이 하나 더 붙는다). 비전 타워는 타일마다 패치 {patches}개({side} × '
                                  '{columns})에서 돌고, 커넥터가 이웃한 패치 {merge} × {merge}개의 상태를 나란히 이어 토큰 '
                                  '하나로 만든 뒤 투영하므로 타일 하나는 토큰 {tokens}개가 되며(한 변에 {r_img} = '
                                  '{merged_side}개씩 놓인 정사각형), 언어 모델은 이 토큰을 텍스트와 함께 읽는다.',
          'compute_images_anyres': '각 시퀀스에는 텍스트 토큰 s개 외에 이미지 {n_img} = {images}장이 들어 있고, 이미지마다 '
                                   '{height} × {width} 픽셀로 본다(symparam flops에 이미지 크기를 주지 않을 때 가정하는 '
                                   '크기). 프로세서는 image_grid_pinpoints 가운데 가장 잘 맞는 {best_h} × '
                                   '{best_w} 크기로 이미지를 바꾸고, 이를 {grid_r} × {grid_c}개 타일로 자른 뒤 이미지 '
                                   '전체를 줄인 타일을 하나 더 붙인다. 그래서 비전 타워와 프로젝터는 이미지마다 타일 {n_tile} = '
                                   '{tiles}개에서 돌고, 타일마다 패치는 {patches}개({side} × {side})다. 격자의 특징 '
                                   '{feat_r} × {feat_c}개는 이미지 원래의 가로세로 비율에 맞게 {kept_r} × '
                                   '{kept_c}개로 잘리고{shrunk}, 행마다 끝에 줄바꿈 토큰이 하나 붙는다. 이미지 한 장은 토큰 '
                                   '{s_img} = {patches} + {rows} × {wide} = {tokens}개가 되고, 언어 모델은 '
                                   '이 토큰을 텍스트와 함께 읽는다.',
          'compute_images_anyres_shrunk': ', 다시 쌍선형 보간으로 {rows} × {columns}개(많아야 타일 약 {most}개 분량)로 '
                                          '줄어들며',
          'compute_images_anyres_whole': '각 시퀀스에는 텍스트 토큰 s개 외에 이미지 {n_img} = {images}장이 들어 있다. 한 '
                                         '시퀀스에 이미지가 여러 장이면 LLaVA-OneVision은 각 이미지를 통째로 타일 하나로 읽는다. '
                                         '비전 타워와 프로젝터는 이미지마다 타일 {n_tile} = {tiles}개, 패치 '
                                         '{patches}개({side} × {side})에서 돌고, 이미지 한 장은 프로젝터가 남긴 상태 '
                                         '{states}개와 줄바꿈 토큰 하나, 곧 토큰 {s_img} = {tokens}개가 되며, 언어 '
                                         '모델은 이 토큰을 텍스트와 함께 읽는다.',
          'compute_result': '모두 {flops} FLOPs, 곧 {macs} MACs(곱셈-누산 횟수로, thop, ptflops, fvcore가 '
                            '출력하며 "flops"라고 부르는 수)이다.',
          'reported_note': '참고: {note}.',
          'reported_recount': '이 수치는 {actual} 대신 {changes}({why})로 놓고 센 파라미터 수와 같다: {value}.',
          'generated': '이 문서는 symparam이 블록 트리에서 생성한 것이다. 직접 고치지 말고 다시 생성할 것.',
          'count_letter': '이 문서에서는 {patch:이} 패치 크기를 뜻하므로 파라미터 수를 {count:으로} 쓴다.',
          'summary_parts': '파라미터가 어디에 있는가:',
          'summary_layer': '{name}의 레이어 하나를 블록 종류별로 나누면:',
          'thumb_intro': '어림 공식: 레이어마다 가중치 행렬과 토큰 테이블만 남기고 편향, 정규화, 작은 테이블은 뺀다:',
          'thumb_error': '정확한 값보다 {percent} {side}.',
          'below_exact': '적다',
          'above_exact': '많다',
          'thumb_left_out': '각각 전체의 {cut}에 못 미치는 {kinds}도 뺀다(합쳐서 전체의 {share}).',
          'thumb_plain': 'GPT와 BERT처럼 {rule}이면 MLP의 두 행렬은 {mlp}이다.',
          'thumb_gated': '게이트가 있는 MLP(SwiGLU)는 행렬이 세 개로 {formula}이다. LLaMA처럼 {llama:으로} 잡으면 '
                         '{mlp:이} 되어, 보통 MLP의 두 행렬이 {plain}일 때와 같다.',
          'thumb_here': '이 모델은 {ratio}이므로 레이어 하나의 행렬은 {total}이다: {pieces}.',
          'thumb_layer': '레이어 하나의 행렬은 {total}이다: {pieces}.',
          'thumb_here_ratio': '이 모델은 {ratio}이다.',
          'thumb_stack': '{stack}의 레이어 하나는 {total}이다: {pieces}.',
          'thumb_piece': '{kind} {value}',
          'thumb_grouped': '그룹 쿼리 어텐션: 키/값 헤드 {kv}개가 쿼리 헤드 {heads}개를 맡으므로 토큰 하나에 k와 v는 각각 수 '
                           '{kv_width}개, q는 수 {q_width}개이고, 어텐션의 행렬은 쿼리 헤드마다 키/값 헤드를 하나씩 둘 때의 '
                           '{full}이 아니라 {coef}이다.',
          'thumb_multi_query': '멀티 쿼리 어텐션: 쿼리 헤드 {heads}개가 키/값 헤드 하나를 함께 쓰므로 토큰 하나에 k와 v는 각각 수 '
                               '{kv_width}개, q는 수 {q_width}개이고, 어텐션의 행렬은 쿼리 헤드마다 키/값 헤드를 하나씩 둘 때의 '
                               '{full}이 아니라 {coef}이다.',
          'list_separator': ', ',
          'list_last': ', ',
          'closest': '이 계열의 클래스 가운데 공개된 수치에 가장 가까운 것은 {architecture:으로}, {value}개이며 그보다 {percent} '
                     '{side}.',
          'final_symbolic_plain': '이 계열의 전체 파라미터 수는 위의 닫힌 형식(closed form)이다.',
          'note_transposed': '가중치 형태는 torch가 저장하는 대로 쓴다. Linear는 출력 × 입력, GPT-2의 Conv1D는 입력 × '
                             '출력이다.',
          'compute_intro_one': '길이 s = {seq}인 시퀀스 하나(B = 1)를 한 번 순전파할 때의 FLOPs로, {counter}와 같은 '
                               '방식으로 센다. 곱셈-덧셈 한 번을 2 FLOPs로 세고, 어텐션 점수는 s × s 행렬 전체로 센다(인과 마스크로 '
                               '반으로 줄이지 않는다). 정규화와 활성화 함수는 세지 않는다:',
          'compute_kinds': '블록 종류별로 보면(q, k, v, o는 어텐션의 투영이고, 시퀀스 전체에 걸친 곱은 따로 묶었다):',
          'compute_rule': '파라미터 하나, 토큰 하나에 2 FLOPs라는 어림 공식 {rule}은 {value}이며, 정확한 값보다 {percent} '
                          '{side}. 테이블에서 행을 찾는 데는 곱셈이 들지 않고, 시퀀스 전체에 걸친 어텐션은 파라미터가 아니라 s에 따라 늘어난다.',
          'compute_training': '학습 한 스텝은 순전파를 한 뒤 역전파를 하며, 역전파에는 순전파의 약 두 배가 든다: {formula} = '
                              '{value} FLOPs.',
          'compute_rules': '학습 한 스텝의 어림 공식인 ‘파라미터 하나, 토큰 하나당 6 FLOPs’(순전파 2, 역전파 4)를 D = B·s = '
                           '{tokens}개 토큰에 적용하면 다음과 같다. 파라미터는 저자마다 정의한 대로 세고, 정확한 값과의 차이를 함께 적는다:',
          'rule_hoffmann': 'Hoffmann 외 2022(Chinchilla): 모든 파라미터, {params}개',
          'rule_hoffmann_active': 'Hoffmann 외 2022(Chinchilla), 토큰 하나가 쓰는 모든 파라미터(활성 파라미터. 논문은 밀집 '
                                  '모델을 센다), {params}개',
          'rule_kaplan': 'Kaplan 외 2020: 임베딩 테이블(토큰, 위치 등)과 묶이지 않은 출력층을 뺀 파라미터, {params}개',
          'rule_kaplan_active': 'Kaplan 외 2020, 토큰 하나가 쓰는 파라미터(활성 파라미터. 논문은 밀집 모델을 센다)에서 임베딩 '
                                '테이블(토큰, 위치 등)과 묶이지 않은 출력층을 뺀 것, {params}개',
          'compute_idle': '교차 어텐션의 가중치는 위의 파라미터 수에 들어 있지만 여기서는 실행되지 않는다. 모델에 인코더의 출력이 주어지지 않으면 '
                          'transformers의 레이어가 이를 건너뛰기 때문이다.',
          'of_layer': '레이어의 {share}'},
 'reading': {'mamba': ['Mamba 레이어(Gu와 Dao, 2023)에는 어텐션도 MLP도 없고, 믹서 하나가 두 역할을 함께 한다. `in_proj`는 각 '
                       '토큰을 $H$차원에서 $d_{\\mathrm{inner}} = e H$개 채널짜리 두 갈래로 넓힌다. 하나는 상태 공간 모델이 읽는 '
                       '$x$이고, 다른 하나는 게이트 $z$이다. $x$는 먼저 인과적 깊이별 합성곱(`conv1d`: 채널마다 탭 '
                       '$d_{\\mathrm{conv}}$개와 편향 하나, 채널끼리는 섞지 않음)과 SiLU를 거친다.',
                       "상태 공간 모델은 $d_{\\mathrm{inner}}$개 채널 각각을 시스템 $h'(t) = A h(t) + B x(t)$, "
                       '$y(t) = C h(t)$에 통과시키며, 상태 $h$는 수 $d_{\\mathrm{state}}$개로 이루어진다. 이를 간격 '
                       '$\\Delta$로 이산화하면(영차 유지) 점화식 $h_t = \\bar{A} h_{t-1} + \\bar{B} x_t$, $y_t '
                       '= C h_t + D x_t$가 되고, 여기서 $\\bar{A} = \\exp(\\Delta A)$, $\\bar{B} = '
                       '\\Delta B$이다.',
                       '선택적이라는 말은 $\\Delta$, $B$, $C$가 토큰에 따라 달라진다는 뜻이다. `x_proj`는 $x$를 수 '
                       '$r_{\\Delta} + 2 d_{\\mathrm{state}}$개로 사상한다. 랭크가 $r_{\\Delta}$인 간격과, 모든 '
                       '채널이 함께 쓰는 $B$와 $C$(각각 $d_{\\mathrm{state}}$개)이다. `dt_proj`는 간격을 편향과 함께 다시 '
                       '$d_{\\mathrm{inner}}$개 채널로 올리고, softplus가 $\\Delta$를 양수로 유지한다. $\\Delta$가 '
                       '크면 토큰이 상태를 새로 쓰고, 작으면 토큰이 거의 그대로 지나간다.',
                       '$A$와 $D$는 선택적이지 않은 보통의 파라미터이다. $A$는 `A_log`로 저장된다($d_{\\mathrm{inner}} '
                       '\\times d_{\\mathrm{state}}$, 채널과 상태 성분마다 감쇠율 하나; $A = -\\exp(A_{\\log})$는 '
                       '늘 음수이므로 상태가 감쇠한다). $D$($d_{\\mathrm{inner}}$개)는 $x$에서 $y$로 가는 스킵 연결이다. 출력에 '
                       '$\\mathrm{SiLU}(z)$를 곱한 뒤 `out_proj`가 다시 $H$차원으로 사상한다. Falcon-Mamba는 '
                       '$\\Delta$, $B$, $C$에 가중치 없는 RMSNorm을 하나씩 더한다.',
                       '따라서 상태 크기 $d_{\\mathrm{state}}$는 `x_proj`(출력 $2 d_{\\mathrm{state}}$개)와 '
                       '`A_log`에만 들어가고, 레이어 파라미터의 대부분은 입출력 투영의 $3 H d_{\\mathrm{inner}}$개이다. 텍스트를 '
                       '생성할 때 레이어마다 합성곱의 최근 입력 몇 개와 상태 $h$($d_{\\mathrm{inner}} '
                       'd_{\\mathrm{state}}$개)만 남기며, 그 크기는 시퀀스 길이와 무관하다. KV 캐시는 없다.'],
             'CLIPModel': ["CLIP(Radford 외 2021)은 함께 학습되는 두 인코더, 곧 두 개의 '타워'로 이미지와 그 설명 문장이 놓일 하나의 "
                           '임베딩 공간을 학습한다. (이미지, 텍스트) 쌍 $B$개로 된 배치가 주어지면 가능한 $B \\times B$개의 짝 가운데 '
                           '실제로 있었던 짝을 맞히도록, 진짜 쌍 $B$개의 코사인 유사도는 높이고 나머지 $B^2 - B$개의 유사도는 낮춘다. 두 '
                           '타워는 가중치를 전혀 공유하지 않는다. 전체 파라미터 수는 두 타워의 파라미터 수에 둘을 잇는 몇 안 되는 텐서를 더한 '
                           '값이다.',
                           '텍스트 타워는 층 [[N]]개, 너비 [[H]], 어텐션 헤드 [[h]]개의 Transformer로, 마스크를 씌운(인과적) '
                           '셀프 어텐션을 쓰며 각 층에서 LayerNorm을 먼저 거친다. 크기 [[V]]의 어휘에서 온 최대 [[L]]개 토큰의 '
                           '텍스트는 토큰 테이블에서 찾은 벡터에 학습되는 위치 테이블(`position_embedding`, [[L]]행)을 더한 것으로 '
                           '들어간다. 마지막 LayerNorm을 거친 뒤에는 문장 끝 토큰 위치의 상태가 텍스트 전체를 나타낸다.',
                           '비전 타워는 비전 Transformer(ViT)다. 채널이 [[C]]개인 $R \\times R$ 픽셀 이미지를 $P '
                           '\\times P$ 픽셀짜리 패치 $\\lfloor R/P \\rfloor^2$개로 자르고, 커널 크기와 스트라이드가 모두 '
                           '[[P]]이며 편향이 없는 합성곱 하나(`patch_embedding`, 가중치 $H_{\\mathrm{vis}} '
                           '\\times C \\times P \\times P$)가 패치마다 픽셀 $C P^2$개를 [[H_vis]]차원 벡터로 선형 '
                           '사상한다. 그 앞에 학습되는 클래스 임베딩(`class_embedding`, [[H_vis]]차원)을 붙이고, 학습되는 위치 '
                           '테이블이 $\\lfloor R/P \\rfloor^2 + 1$개 위치에 한 행씩 더한다. 논문에서 밝히듯 CLIP은 '
                           'Transformer에 들어가기 전에 이 임베딩에 LayerNorm을 하나 더 둔다(`pre_layrnorm`, '
                           '`transformers`의 철자 그대로). 층 [[N_vis]]개를 지난 뒤에는 클래스 토큰의 상태를 한 번 더 '
                           '정규화하여(`post_layernorm`) 이미지의 표현으로 삼는다. 텍스트 길이와 상관없이 비전 타워는 이 $\\lfloor '
                           'R/P \\rfloor^2 + 1$개 토큰 위에서 돈다. 아래에서 FLOPs를 셀 때 $s$는 텍스트의 토큰 수만 가리킨다.',
                           '두 타워는 [[d_proj]]차원 공유 공간에서 만난다. 편향 없는 선형 투영이 각 타워의 표현을 그 공간으로 '
                           '옮긴다(`text_projection`은 [[H]]차원에서, `visual_projection`은 [[H_vis]]차원에서). '
                           '두 임베딩 모두 길이 1로 정규화되므로, 텍스트 $B$개의 임베딩과 이미지 $B$개의 임베딩을 곱하면 그대로 $B '
                           '\\times B$ 코사인 유사도 표가 된다. 이 곱셈에는 $2 B^2 d_{\\mathrm{proj}}$ FLOPs가 들고, '
                           '토큰 수가 아니라 배치 크기에 따라 늘어난다.',
                           '유사도에는 다시 $e^{t}$를 곱한다. 여기서 $t$는 학습되는 스칼라 하나(`logit_scale`)로, 온도 역수의 '
                           '로그다: $1/\\tau = e^{t}$. 논문은 $\\tau$를 $0.07$로 초기화하고($t = \\ln(1/0.07) '
                           '\\approx 2.659$, `transformers`의 `logit_scale_init_value`) 나머지 파라미터와 '
                           '함께 학습하며, $e^{t}$가 100을 넘지 않도록 자른다. 파라미터 수에 들어가는 유일한 스칼라이며, 모양이 $()$인 '
                           '텐서다.'],
             'SiglipModel': ['SigLIP(Zhai 외 2023)은 CLIP의 두 타워를 그대로 두고 손실 함수만 바꾼다. 배치 전체에 '
                             '$\\mathrm{softmax}$를 취하는 대신, (이미지, 텍스트) 짝 $B \\times B$개 하나하나를 진짜 '
                             '쌍인지 아닌지 묻는 이진 분류 문제로 보고, 그 점수에 시그모이드 함수 $\\sigma$를 씌워 답한다. 짝마다 손실이 '
                             '따로 계산되므로 배치 전체에 걸친 정규화가 필요 없다.',
                             '텍스트 타워는 인과 마스크를 뺀 CLIP의 텍스트 타워로, 마지막 토큰에서 읽어 낸 상태를 편향 있는 선형 '
                             '헤드(`head`)가 [[d_proj]]차원으로 옮긴다. 비전 타워는 클래스 토큰이 없는 비전 Transformer다. '
                             '패치를 자르는 합성곱에는 편향이 있고, 위치 테이블은 $\\lfloor R/P \\rfloor^2$행이며, 층들 앞에는 '
                             'LayerNorm이 없고 마지막 LayerNorm은 모든 패치에 적용된다. 이어서 멀티헤드 어텐션 풀링 헤드가 패치들을 '
                             '읽는다. 학습되는 쿼리 하나(`probe`)가 torch의 `nn.MultiheadAttention`으로 모든 패치에 '
                             '어텐션하는데, 쿼리·키·값 투영은 $3 H_{\\mathrm{vis}} \\times H_{\\mathrm{vis}}$ '
                             '행렬 하나(`in_proj_weight`)에 묶여 있다. 그 뒤 LayerNorm과 잔차 연결이 있는 MLP를 거친다. 그 '
                             '출력인 [[H_vis]]차원 벡터가 그대로 이미지 임베딩이 되고 따로 투영하지 않으므로, [[d_proj]]는 '
                             '[[H_vis]]와 같아야 한다.',
                             'logits는 정규화된 임베딩 $x$, $y$에 대해 $e^{t}\\, x \\cdot y + b$이다. 스케일 '
                             '$t$(`logit_scale`)와 편향 $b$(`logit_bias`)는 모두 학습되며 각각 파라미터 하나다. 논문은 '
                             '이를 $t = \\ln 10$, $b = -10$으로 초기화해 학습 초기에 대부분의 짝을 거짓으로 판정하게 한다. 실제로 '
                             '대부분의 짝이 거짓이기 때문이다.'],
             'internvl': ['InternVL(Chen 외, 2024)은 큰 비전 인코더 InternViT를 작은 MLP로 언어 모델에 잇는다. '
                          'InternVL 2.5, 3, 3.5도 이 설계를 그대로 따른다. InternViT는 층 스케일을 둔 ViT다. $R '
                          '\\times R$ 이미지를 편향이 있는 합성곱(`patch_embeddings`)으로 $P \\times P$ 픽셀짜리 패치 '
                          '$\\lfloor R/P \\rfloor^2$개로 자르고, 앞에 클래스 토큰(`cls_token`)을 두며, 학습되는 위치 '
                          '테이블이 $\\lfloor R/P \\rfloor^2 + 1$개 토큰에 한 행씩 더한다. [[N_vis]]개 층은 저마다 '
                          '정규화한 뒤 헤드 [[h_vis]]개로 어텐션하고, 그 출력에 학습되는 [[H_vis]]차원 벡터(`lambda_1`)를 곱한 '
                          '다음 잔차에 더한다. 너비 [[d_ff_vis]]의 MLP도 같은 방식으로 스케일된다(`lambda_2`). 두 벡터는 층마다 '
                          '파라미터 $2 H_{\\mathrm{vis}}$개다. 비전 타워는 이미지마다 따로 돈다.',
                          '프로젝터는 더 적고 더 넓은 토큰을 받는다. 클래스 토큰의 상태는 버리고, 패치 상태를 $\\lfloor R/P \\rfloor '
                          '\\times \\lfloor R/P \\rfloor$ 격자로 다시 놓은 뒤 픽셀 셔플을 한다. 이웃한 $m \\times '
                          'm$개 블록([[m]]은 `downsample_ratio`의 역수)이 $m^2 H_{\\mathrm{vis}}$차원 벡터 하나가 '
                          '된다. 그 뒤로 이 값들에 대한 LayerNorm(`layer_norm`), 언어 모델의 너비 [[H]]로 보내는 '
                          '`linear_1`, GELU, `linear_2`가 이어진다. 그래서 이미지 하나는 토큰 $(\\lfloor R/P '
                          '\\rfloor / m)^2$개, 패치보다 $m^2$배 적은 토큰이 되고, 프로젝터의 첫 행렬은 토큰마다 비전 타워 너비의 '
                          '$m^2$배를 읽는다.',
                          '프로세서는 큰 이미지를 $R \\times R$ 픽셀 타일로 자르고, 이미지 전체를 줄인 타일 하나를 더한다. 여기서는 타일 '
                          '하나가 이미지 한 장이며 [[n_img]]가 그 수를 센다. 언어 모델은 `text_config`가 지정하는 디코더로, '
                          'InternVL3에서는 Qwen2의 것, InternVL3.5 대부분에서는 Qwen3의 것이다(LLaMA일 수도 있다). '
                          '[[V]]행 토큰 테이블, 쿼리 헤드 [[h]]개가 키/값 헤드 [[h_kv]]개를 나눠 쓰는 [[N]]개 층, 너비 '
                          '[[d_ff]]의 SwiGLU MLP, 그리고 `InternVLForConditionalGeneration`에서는 설정에서 달리 '
                          '말하지 않는 한 토큰 테이블과 공유하는 LM 헤드로 이루어진다. 이미지 토큰은 이미지 자리 표시자 대신 들어간다. 타일 '
                          '[[n_img]]개와 텍스트 토큰 $s$개가 있으면 $s + n_{\\mathrm{img}} (\\lfloor R/P '
                          '\\rfloor / m)^2$개 위치에서 돌고, 그 위치가 모두 KV 캐시에 들어간다.'],
             'gemma3': ['Gemma 3(Gemma Team 2025)는 하나의 디코더로 이미지와 텍스트를 함께 읽는다. 이미지는 먼저 SigLIP 비전 '
                        '인코더를 지난다. 이미지를 읽는 모든 크기의 모델이 같은 인코더를 쓰며, 언어 모델을 학습하는 동안 이 인코더는 고정해 둔다. '
                        '채널이 [[C]]개인 $R \\times R$ 이미지를 $P \\times P$ 픽셀 패치 $\\lfloor R/P '
                        '\\rfloor^2$개로 자르고, 커널과 스트라이드가 [[P]]이고 편향이 있는 합성곱(`patch_embedding`)이 패치마다 '
                        '[[H_vis]]차원 벡터를 만든 뒤, 학습되는 위치 표가 패치마다 한 행씩 더한다. 이어서 헤드가 [[h_vis]]개인 프리-LN '
                        '레이어 [[N_vis]]개를 지나고, `post_layernorm`이 모든 패치를 정규화한다. 비전 타워는 이미지마다 따로 돌기 '
                        '때문에 어텐션이 이미지 사이를 넘나들지 않는다.',
                        '멀티모달 프로젝터는 이미지 내용과 상관없이 이미지마다 정해진 수 [[s_img]]개(`mm_tokens_per_image`)의 '
                        '소프트 토큰을 만든다. 패치 상태를 $\\lfloor R/P \\rfloor \\times \\lfloor R/P \\rfloor$ '
                        '격자에 늘어놓고 정사각형 블록별로 평균한 다음(가중치 없는 평균 풀링), 풀링된 벡터마다 Gemma의 '
                        'RMSNorm(`mm_soft_emb_norm`, 가중치 [[H_vis]]개)으로 정규화하고, 편향 없는 '
                        '$H_{\\mathrm{vis}} \\times H$ 행렬 하나(`mm_input_projection_weight`)를 곱해 '
                        '디코더의 폭으로 옮긴다. 이미지 한 장에 $2 s_{\\mathrm{img}} H_{\\mathrm{vis}} H$ FLOPs가 '
                        '든다. 결국 이미지가 디코더에 주는 부담은 풀링이 정한다. 디코더의 시퀀스와 KV 캐시에 들어가는 것은 비전 타워의 패치 '
                        '$\\lfloor R/P \\rfloor^2$개가 아니라 토큰 [[s_img]]개다.',
                        '디코더는 Gemma 3의 언어 모델이다. 행이 [[V]]개인 토큰 임베딩 표($\\sqrt{H}$를 곱한다), 레이어 '
                        '[[N]]개(레이어마다 어텐션과 MLP의 앞뒤에 RMSNorm 네 개), 쿼리 헤드 [[h]]개를 키/값 헤드 [[h_kv]]개가 '
                        '맡는 그룹 쿼리 어텐션과 $q$, $k$의 헤드별 RMSNorm, 폭이 [[d_ff]]인 게이트 GELU MLP로 이루어진다. '
                        '논문에서는 [[W]]개 위치의 슬라이딩 윈도 안에서만 어텐션하는 레이어 다섯 개마다 시퀀스 전체를 보는 레이어가 하나 있어, 긴 '
                        '문맥에서도 KV 캐시가 작게 유지된다. 이미지마다 그 토큰이 텍스트 속 이미지 자리표시자 위치에 들어가므로, 이미지 '
                        '[[n_img]]장과 텍스트 토큰 $s$개가 있으면 디코더는 위치 $s + n_{\\mathrm{img}} '
                        's_{\\mathrm{img}}$개를 읽고, LM 헤드는 토큰 임베딩 표와 가중치를 공유한다.'],
             'llava': ['LLaVA(Liu 외 2023)는 사전 학습된 비전 인코더의 상태를 토큰처럼 언어 모델의 시퀀스에 넣어, 언어 모델이 이미지를 읽게 '
                       '한다. 비전 타워는 설정 파일이 지정한 것으로, SigLIP이라고 적혀 있지 않으면 CLIP의 것이다. $R \\times R$ '
                       '이미지를 $P \\times P$ 픽셀 패치 $\\lfloor R/P \\rfloor^2$개로 자르고, 폭이 [[H_vis]]인 '
                       '레이어 [[N_vis]]개를 지나게 한다. LLaVA는 마지막 레이어가 아니라 그보다 앞선 레이어(기본값은 끝에서 두 번째)의 상태를 '
                       '읽기 때문에, `transformers`는 비전 타워 전체를 만들고 전부 실행한다. 어느 레이어를 읽든 모든 레이어의 파라미터가 '
                       '세어지고 모든 레이어의 FLOPs가 든다.',
                       '프로젝터는 처음부터 학습하는 유일한 부분이다. `linear_1`이 남겨 둔 상태 하나하나(기본 전략에서는 모든 패치이며, CLIP의 '
                       '클래스 토큰은 빠진다)를 [[H_vis]]차원에서 언어 모델의 [[H]]차원으로 옮기고, GELU를 거쳐 `linear_2`가 '
                       '[[H]]차원을 [[H]]차원으로 옮긴다. 두 층 모두 편향이 있다. 처음 LLaVA는 선형 층 하나였고, LLaVA-1.5에서 이 '
                       '두 층 MLP로 바뀌었다. 남겨 둔 상태마다 토큰이 하나씩 생기므로 이미지 한 장은 비전 타워의 패치 수만큼인 [[s_img]]개의 '
                       '토큰이 되고, 언어 모델에는 그만큼의 단어를 읽는 부담이 된다.',
                       '언어 모델은 LLaMA(LLaVA-1.5에서는 Vicuna의 가중치)다. 행이 [[V]]개인 토큰 임베딩 표, 레이어 [[N]]개, '
                       '따로 둔 LM 헤드로 이루어진다. 이미지 토큰은 이미지 자리표시자 위치에 들어가므로, 이미지 [[n_img]]장과 텍스트 토큰 '
                       '$s$개가 있으면 위치 $s + n_{\\mathrm{img}} s_{\\mathrm{img}}$개에서 돌고 KV 캐시도 그 위치를 '
                       '모두 담는다.'],
             'llava_next': ['LLaVA-NeXT(Liu 외 2024, LLaVA-1.6이라고도 한다)와 LLaVA-OneVision(Li 외 2024)은 '
                            'LLaVA의 세 부분을 그대로 둔다: 너비 [[H_vis]]의 레이어 [[N_vis]]개로 된 비전 '
                            '타워(LLaVA-NeXT는 설정 파일이 SigLIP을 지정하지 않으면 CLIP의 것, LLaVA-OneVision은 풀링 '
                            '헤드를 뺀 SigLIP의 것), [[H_vis]]개의 수를 언어 모델의 [[H]]로 옮기는 두 층짜리 프로젝터, 그리고 언어 '
                            '모델(LLaVA-NeXT는 LLaMA나 Mistral, LLaVA-OneVision은 Qwen2)이다. 가중치에는 텐서가 '
                            '하나 더해질 뿐이다: 학습되는 수 [[H]]개인 `image_newline`이다.',
                            '달라지는 것은 이미지를 읽는 방식(AnyRes)이다. 프로세서는 `image_grid_pinpoints` 가운데 이미지에 '
                            '가장 잘 맞는 해상도를 골라 이미지를 $R \\times R$ 픽셀의 타일로 자르고, 이미지 전체를 줄인 타일을 하나 더 '
                            '붙인다. 비전 타워는 모든 타일에서 실행되고 프로젝터는 남긴 상태를 모두 옮긴다. 타일들의 특징은 하나의 격자로 다시 '
                            '놓이고, 크기를 바꿀 때 덧붙은 패딩 행이나 열은 잘려 나가 격자가 이미지의 가로세로 비율을 유지하며, 각 행 끝에 '
                            '`image_newline`이 들어가 언어 모델이 행이 끝나는 곳을 알게 된다. 그래서 이미지 한 장이 몇 개의 토큰이 '
                            '되는지는 그 크기와 모양에 달려 있다: 여기서 센 가중치는 그렇지 않지만 순전파는 그렇다. 비전 타워가 읽는 타일 수 '
                            '[[n_tile]]과 이미지 한 장이 되는 토큰 수 [[s_img]]는 이미지 크기의 닫힌 식이 아니다(후보 해상도 가운데 '
                            '가장 잘 맞는 것을 고르고, 패딩을 정수로 자른다). symparam은 프로세서와 같은 계산으로 주어진 크기에서 이 둘을 '
                            '구해 수치로 대입한다. LLaVA-OneVision은 격자의 특징이 타일 약 K개 분량을 '
                            '넘으면(`vision_aspect_ratio`의 `anyres_max_K`) 쌍선형 보간으로 줄이고, 한 시퀀스에 이미지가 '
                            '여러 장이면 각 이미지를 통째로 타일 하나로 읽고 줄바꿈 토큰을 하나 붙인다.'],
             'Mistral3ForConditionalGeneration': ['Mistral Small 3.1(Mistral AI 2025)은 Pixtral의 비전 '
                                                  '인코더(Agrawal 외 2024)로 이미지를 읽는다. 이 인코더는 처음부터 학습되어 '
                                                  '이미지를 원래 크기와 모양 그대로 받아들인다. 위치 임베딩 표는 없다. $R '
                                                  '\\times R$ 이미지를 편향 없는 합성곱으로 $P \\times P$ 픽셀 패치 '
                                                  '$\\lfloor R/P \\rfloor^2$개로 자르고, 패치마다 '
                                                  'RMSNorm(`ln_pre`)을 거친 뒤, 어텐션의 헤드마다 패치가 놓인 행과 열에 '
                                                  '따라 쿼리와 키를 회전시킨다(가중치가 없는 이차원 로터리 임베딩). 폭이 '
                                                  '[[H_vis]]인 레이어 [[N_vis]]개는 언어 모델의 레이어와 같은 구조로, '
                                                  'RMSNorm, 편향 없는 어텐션, 게이트 MLP로 이루어진다. '
                                                  '`transformers`는 한 번의 순전파에 들어온 이미지를 모두 한 시퀀스로 이어 '
                                                  '붙이고 블록 대각 마스크로 나누므로, 어텐션은 모든 패치를 모든 이미지의 모든 패치와 '
                                                  '곱한다. 그래서 비전 타워의 어텐션 곱셈량은 배치에 든 이미지 수의 제곱으로 '
                                                  '늘어난다.',
                                                  '프로젝터는 먼저 패치마다 상태를 RMSNorm으로 정규화하고([[H_vis]]개의 '
                                                  '수에 대해), 패치 병합기가 이웃한 $m \\times m$ 패치 블록을 $m^2 '
                                                  'H_{\\mathrm{vis}}$차원 벡터 하나로 이어 붙인 뒤 편향 없는 '
                                                  '`merging_layer`로 다시 [[H_vis]]차원으로 옮긴다. 그래서 이미지 '
                                                  '한 장의 패치 수는 토큰 수의 $m^2$배가 된다. 이어서 `linear_1`이 '
                                                  '토큰마다 언어 모델의 [[H]]차원으로 옮기고, GELU를 거쳐 `linear_2`가 '
                                                  '[[H]]차원을 [[H]]차원으로 옮긴다. 편향은 '
                                                  '`multimodal_projector_bias`가 참일 때만 있다. 프로세서는 '
                                                  '이미지의 토큰을 여러 줄로 늘어놓고 줄마다 끝에 `[IMG_BREAK]` 토큰을, '
                                                  '마지막 줄에는 `[IMG_END]`를 붙여, 언어 모델이 이미지의 각 줄이 어디서 '
                                                  '끝나는지 알 수 있게 한다. 이미지 한 장은 위치 $\\lfloor \\lfloor '
                                                  'R/P \\rfloor / m \\rfloor^2 + \\lfloor \\lfloor '
                                                  'R/P \\rfloor / m \\rfloor$개를 차지한다.',
                                                  '언어 모델은 Mistral 디코더(Mistral Small 3.1에서는 Mistral '
                                                  'Small 3의 것)다. 행이 [[V]]개인 토큰 임베딩 표, 쿼리 헤드 '
                                                  '[[h]]개가 키/값 헤드 [[h_kv]]개를 나눠 쓰는 그룹 쿼리 어텐션과 폭이 '
                                                  '[[d_ff]]인 SwiGLU MLP로 된 레이어 [[N]]개, 그리고 LM 헤드로 '
                                                  '이루어진다. 이미지 토큰과 줄 끝 토큰은 이미지 자리표시자 위치에 들어가므로, 이미지 '
                                                  '[[n_img]]장과 텍스트 토큰 $s$개가 있으면 그 모든 위치에서 돌고 KV '
                                                  '캐시도 그 위치를 모두 담는다.'],
             'qwen2_5_vl': ['Qwen2.5-VL(Qwen Team 2025)은 이미지를 고정된 정사각형으로 줄이지 않고 제 해상도 그대로 읽는다. '
                            '프로세서는 이미지의 높이와 너비를 $m P$의 배수로 맞추되 전체 픽셀 수가 정해진 하한과 상한 사이에 들도록 크기를 '
                            '조정하고, 이미지를 시간 방향으로 [[P_t]]번 되풀이해 아주 짧은 동영상처럼 다룬다. 비전 타워는 이를 채널 '
                            '[[C]]개짜리 $P_t \\times P \\times P$ 픽셀 패치로 자르고, 편향 없는 3차원 합성곱 '
                            '하나(`patch_embed.proj`, 가중치 $H_{\\mathrm{vis}} \\times C \\times P_t '
                            '\\times P \\times P$)가 패치마다 [[H_vis]]차원 벡터를 만든다. 위치 표는 없다. 회전 위치 인코딩이 '
                            '패치의 행과 열에 따라 각 헤드를 돌린다.',
                            '그 뒤로 블록 [[N_vis]]개가 이어진다. 블록마다 RMSNorm, 헤드 [[h_vis]]개의 어텐션(쿼리·키·값을 편향 '
                            '있는 융합 행렬 `qkv` 하나로 구한다), RMSNorm, 편향 있는 게이트 MLP(내부 [[d_ff_vis]]차원)가 '
                            '있다. 대부분의 블록은 병합된 토큰 $\\lfloor W_{\\mathrm{vis}}/(m P) \\rfloor '
                            '\\times \\lfloor W_{\\mathrm{vis}}/(m P) \\rfloor$개 크기의 창 안에서만 어텐션하고, '
                            '`fullatt_block_indexes`에 적힌 블록만 이미지 전체에 어텐션한다. 창은 가중치를 하나도 바꾸지 않고 '
                            '계산량만 바꾼다. 창 어텐션 블록은 이미지 한 장에서 쿼리–키 쌍 [[Q_win]]개(창마다 패치 수를 제곱해 더한 값)를 '
                            '곱하지만 전체 어텐션 블록은 패치 수 전체의 제곱만큼 곱하므로, 비전 타워의 계산량은 이미지 넓이에 거의 비례해 늘어난다.',
                            '패치 병합기(`merger`)는 패치마다 정규화한 뒤(`ln_q`), 이웃한 패치 $m \\times m$개를 $m^2 '
                            'H_{\\mathrm{vis}}$차원 벡터 하나로 이어 붙이고, GELU가 있는 두 층 MLP(`mlp.0`, '
                            '`mlp.2`, 둘 다 편향 있음)로 언어 모델의 너비인 [[H_out]]차원으로 옮긴다. 패치 $m^2$개가 토큰 하나가 '
                            '되어 이미지 한 장은 토큰 [[s_img]]개가 된다. 언어 모델은 Qwen2.5의 디코더다. [[V]]행짜리 토큰 임베딩 '
                            '표, 그룹 쿼리 어텐션([[h]]개의 쿼리 헤드가 키/값 헤드 [[h_kv]]개를 나눠 쓰고 $q$, $k$, $v$에 '
                            '편향이 있다)과 내부 [[d_ff]]차원 SwiGLU MLP로 된 층 [[N]]개, 그리고 따로 둔 LM head로 '
                            '이루어진다. 언어 모델은 $s + n_{\\mathrm{img}} s_{\\mathrm{img}}$개 위치를 읽으며, 회전 '
                            '위치 인코딩은 이미지 토큰에 시간·행·열 세 좌표를 주되 가중치를 더하지 않는다.'],
             'whisper': ['Whisper(Radford 외 2022)는 음성을 글로 옮기는 인코더–디코더 Transformer다. 입력은 30초 분량 '
                         '오디오의 로그 멜 스펙트로그램으로, 10밀리초마다 한 프레임씩 모두 $2 L_{\\mathrm{enc}}$개의 프레임이 있고 '
                         '프레임마다 멜 대역이 [[n_mels]]개다.',
                         '인코더의 앞단은 일차원 합성곱 두 개뿐인 작은 구조로, 멜 대역을 입력 채널로 받아 시간축을 따라 움직이며, 둘 다 커널 폭이 '
                         '3이고 뒤에 GELU가 하나씩 붙는다. 첫 번째 합성곱(`conv1`)은 멜 대역 [[n_mels]]개를 채널 [[H]]개로 '
                         '옮기고 프레임 수는 그대로 둔다. 두 번째 합성곱(`conv2`, [[H]]에서 [[H]]로)은 스트라이드가 2라서 프레임 수를 '
                         '절반인 [[L_enc]]개로 줄인다. 앞단의 출력에는 사인파 위치 임베딩을 더한다. `transformers`는 이것을 '
                         '[[L_enc]]행짜리 테이블(`embed_positions`)에 사인파 값으로 채워 고정해 두지만, 그 가중치도 다른 가중치처럼 '
                         '파라미터로 센다.',
                         '그 뒤로 사전 정규화 잔차 블록(셀프 어텐션과 MLP 앞에 각각 LayerNorm)이 이어지고, 인코더 끝에 LayerNorm이 '
                         '하나 더 있다. 디코더는 토큰 임베딩에 학습되는 위치 임베딩([[L]]행)을 더하고 같은 블록을 쓰되, 셀프 어텐션에는 인과 '
                         '마스크를 씌우고 교차 어텐션을 더해 인코더가 내놓은 상태 [[L_enc]]개를 참조한다. 출력 투영(`proj_out`)은 토큰 '
                         '테이블 그 자체다. 모든 어텐션에서 키 투영에는 편향이 없다. 논문에서 인코더와 디코더는 폭과 블록 수가 같지만, 설정 파일은 '
                         '둘을 따로 적는다.',
                         '인코더는 텍스트의 길이와 상관없이 늘 위치 [[L_enc]]개(첫 번째 합성곱은 프레임 $2 '
                         'L_{\\mathrm{enc}}$개)를 처리한다. 아래 연산량에서 $s$는 디코더의 토큰 수만을 뜻한다.']},
 'diff': {'title': '{a}에서 {b}까지: 무엇이 바뀌었나',
          'intro': '{b}의 파라미터 수에서 {a}의 파라미터 수를 뺀 값을 항목별로 나눈다. 텐서는 이름이 아니라 블록 트리에서 맡은 역할(블록의 종류, '
                   '가중치인지 편향인지, 어느 테이블인지)로 짝지으므로 이름만 바뀐 텐서는 변화로 치지 않는다. 각 항목은 블록의 추가나 제거, 블록의 교체, '
                   '헤드와 토큰 테이블의 가중치 공유 여부 변경, 폭이나 개수의 변경 가운데 하나이며, 모두 더하면 두 값의 차이와 정확히 같다.',
          'models': 'A는 {a}({a_label}), B는 {b}({b_label})이다.',
          'closed_forms': '두 모델의 닫힌 형식',
          'difference': 'B의 파라미터 수에서 A의 파라미터 수를 뺀 식(두 모델의 하이퍼파라미터를 같은 기호로 쓴다):',
          'structure': '구조 변화(A의 폭에서 계산)',
          'structure_after': '구조 변화(B의 폭에서 계산)',
          'widths': '폭과 개수의 변화(B의 구조에서 계산)',
          'widths_first': '폭과 개수의 변화 먼저(A의 구조에서 계산)',
          'together': '두 모델을 각자의 값에서 계산',
          'sum': '합계',
          'depends': '한쪽 모델의 파라미터 수에만 들어가는 하이퍼파라미터',
          'compute': '순전파 연산량',
          'cache': 'KV 캐시',
          'rule_structure': 'B의 각 부분을 A의 해당 부분과 비교하되, B의 식에 A의 값({values})을 넣어 계산한다. B에는 있고 A에는 없는 '
                            '크기는 A의 트리가 함축하는 값(멀티헤드 어텐션은 키·값 헤드 수가 쿼리 헤드 수와 같다)을 쓰고, 그런 값이 없으면 B의 '
                            '값을 쓴다.',
          'rule_widths': '그다음 symparam이 출력하는 순서대로 하이퍼파라미터를 하나씩 A의 값에서 B의 값으로 바꾼다. 각 단계는 앞 단계에서 이미 '
                         '바꾼 값 위에서 계산한다.',
          'rule_widths_first': 'A의 폭에서는 B의 제약 조건이 성립하지 않으므로, 먼저 A의 구조에서 폭과 개수를 하나씩 바꾼 뒤 B의 '
                               '폭({values})에서 구조를 바꾼다.',
          'rule_together': '어느 모델의 제약 조건도 상대의 폭에서 성립하지 않는다. 각 부분을 각 모델 자신의 값에서 계산한다.',
          'no_values': '값이 주어지지 않았으므로 각 항목은 공통 기호로 쓴 식이다.',
          'no_change': '바뀐 것이 없다.',
          'total': '합계: {delta} = {b_count} − {a_count}.',
          'matters': '{symbol}의 값은 {model}의 파라미터 수에만 들어가고 {other}의 파라미터 수에는 들어가지 않는다.',
          'no_symbol': '{symbol}의 값은 {model}의 파라미터 수에 들어가며, {other}에는 이 하이퍼파라미터가 없다.',
          'compute_intro': '길이 s = {seq}인 시퀀스 B = {batch}개의 순전파 연산량({command} 기준)을 같은 방식으로 나눈다.',
          'cache_intro': '디코더가 토큰 s = {seq}개를 처리한 뒤 보관하는 값(시퀀스당 키와 값)을 같은 방식으로 나눈다.',
          'form_detail': '{name}({detail})',
          'built_otherwise': '{forms}(위치나 크기가 다름)',
          'row': '{part}, {cause}: {what}',
          'step': '{symbol}: {before} → {after}',
          'columns': {'part': '부분',
                      'cause': '원인',
                      'change': '바뀐 내용',
                      'formula': '식',
                      'delta': '변화량',
                      'at_a': 'A의 폭에서',
                      'at_b': 'B의 폭에서',
                      'step': '하이퍼파라미터',
                      'model': '모델',
                      'count': '값'},
          'part': {'embeddings': '임베딩',
                   'attention': '어텐션',
                   'mlp': 'MLP/전문가',
                   'norms': '정규화',
                   'head': '헤드',
                   'other': '기타'},
          'cause': {'added': '추가',
                    'removed': '제거',
                    'replaced': '교체',
                    'tying': '가중치 공유',
                    'width': '폭 또는 개수'},
          'unit': {'tokens': '토큰 테이블',
                   'positions': '위치 테이블',
                   'token_types': '토큰 유형 테이블',
                   'table': '테이블',
                   'bias': '편향',
                   'pooler': '풀러(첫 토큰에만 적용되는 층)',
                   'scores': '시퀀스 전체에 대한 어텐션',
                   'untied': '헤드가 토큰 테이블과 가중치를 더 이상 공유하지 않음',
                   'tied': '헤드가 토큰 테이블과 가중치를 공유함',
                   'body': '{part}'},
          'form': {'multi_head': '멀티헤드 어텐션',
                   'grouped_query': '그룹 쿼리 어텐션',
                   'multi_query': '멀티쿼리 어텐션',
                   'latent': '멀티헤드 잠재 어텐션',
                   'layernorm': 'LayerNorm',
                   'layernorm_no_bias': '편향 없는 LayerNorm',
                   'layernorm_no_affine': '가중치 없는 LayerNorm',
                   'rmsnorm': 'RMSNorm',
                   'mlp': 'MLP',
                   'gated_mlp': '게이트 MLP',
                   'experts': '전문가'}},
 'fitted_inputs': {'run_on': '입력: {inputs}',
                   'images': '{height} × {width} 픽셀, 채널 {channels}개짜리 이미지 {count}장',
                   'images_one': '{height} × {width} 픽셀, 채널 {channels}개짜리 이미지 {count}장',
                   'tokens': '토큰 {seq}개짜리 시퀀스 {count}개',
                   'tokens_one': '토큰 {seq}개짜리 시퀀스 {count}개',
                   'and': ' 및 ',
                   'videos': '{height} × {width} 픽셀, 채널 {channels}개짜리 프레임 {frames}개로 된 동영상 '
                             '{count}개',
                   'videos_one': '{height} × {width} 픽셀, 채널 {channels}개짜리 프레임 {frames}개로 된 동영상 '
                                 '{count}개',
                   'waveforms': '샘플 {samples}개짜리 파형 {count}개(각각 특징 인코더를 거치면 {frames}프레임)',
                   'waveforms_one': '샘플 {samples}개짜리 파형 {count}개(특징 인코더를 거치면 {frames}프레임)',
                   'spectrograms': '멜 대역 {bins}개 × {frames}프레임짜리 로그 멜 스펙트로그램 {count}개',
                   'spectrograms_one': '멜 대역 {bins}개 × {frames}프레임짜리 로그 멜 스펙트로그램 {count}개',
                   'features': '특징 프레임 {frames}개(프레임마다 값 {width}개)짜리 시퀀스 {count}개',
                   'features_one': '특징 프레임 {frames}개(프레임마다 값 {width}개)짜리 시퀀스 {count}개'},
 'families': {'MoE decoder': 'MoE 디코더', 'Transformer': 'Transformer', 'MLP': '다층 퍼셉트론'}}
