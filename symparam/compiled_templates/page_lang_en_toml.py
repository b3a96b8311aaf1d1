# templates/page/lang/en.toml as a Python literal: written by tools/compile_templates.py, never edited
SOURCE = '7380:f62d0dda'
TABLE = {'name': 'English',
 'title': '{model}: parameters, derived',
 'lede': 'Change a hyperparameter: the total, the active parameters and every figure below are '
         'worked out again from the closed form, exactly, in this page.',
 'lede_symbolic': "The family's formulas, with no values of its own: give every hyperparameter a "
                  'value to see the count.',
 'example_defaults': "The inputs start from {lib}' defaults for the model type {kind} (its config "
                     'class with no arguments): change any value and every figure below is worked '
                     'out again.',
 'example_preset': "The inputs start from the values of the preset {preset}, under the family's "
                   'own options: change any value and every figure below is worked out again.',
 'intro_example': 'The parameter count of the {family} family ({architecture}) as a formula in its '
                  'hyperparameters.',
 'example_own': "The inputs start from the model's own values: change any and every figure below "
                'is worked out again.',
 'lede_dense': 'Change a hyperparameter: the total and every figure below are worked out again '
               'from the closed form, exactly, in this page.',
 'calculator': 'Hyperparameters',
 'input': 'value of {symbol}',
 'assumed': '= {expr} = {value}, from the assumption',
 'total': 'Total',
 'active': 'Active per token',
 'active_bare': 'without the token embedding table',
 'share': 'Link to these values',
 'reset': "Back to the page's values",
 'copy_latex': 'Copy as {latex}',
 'language': 'Language',
 'invalid': 'Give each value as a whole number from 1 to 10^30: {names}.',
 'empty': 'The count needs a value for: {names}.',
 'ignored': 'Left out of the address (not a hyperparameter this page takes, or not digits): '
            '{names}.',
 'check_assumed': 'The assumption {assumption} gives {symbol} = {value} here, not a whole number.',
 'check_total': 'The count is not a whole number at these values: {value}.',
 'check_active': 'The active count is not a whole number at these values: {value}.',
 'check_divides': '{divisor} = {a} does not divide {dividend} = {b}: {reason}.',
 'check_at_most': '{small} = {a} exceeds {big} = {b}: {reason}.',
 'check_multiple': '{dividend} = {b} is not a multiple of {divisor}: {reason}.',
 'check_divides_run': '{divisor} = {a} does not divide {dividend} = {b}: {reason}. {lib} builds '
                      'the model and it is counted whatever the values, but its forward pass '
                      'fails.',
 'check_multiple_run': '{dividend} = {b} is not a multiple of {divisor}: {reason}. {lib} builds '
                       'the model and it is counted whatever the values, but its forward pass '
                       'fails.',
 'check_at_most_run': '{small} = {a} exceeds {big} = {b}: {reason}. {lib} builds the model and it '
                      'is counted whatever the values, but its forward pass fails.',
 'changed': "The published figure and the closest class are for the page's own values; they are "
            'left out for these.',
 'thumb_gap': 'That is {sign}{gap} against the exact count.',
 'memory_intro': 'The weights alone, stored in each dtype (1 GiB = 2³⁰ bytes, 1 GB = 10⁹ bytes):',
 'training_intro': 'Training state, as {memory} counts it: the weights, their gradients and the '
                   "optimiser's state, a number of bytes a parameter under each recipe "
                   '(activations not included):',
 'training_caption': 'Training state by optimiser recipe',
 'column_recipe': 'Recipe',
 'kv_intro': 'The KV cache a decoder keeps grows by this much a token (over all layers, for one '
             'sequence):',
 'kv_caption': 'KV cache per token',
 'column_kv_token': 'Bytes a token',
 'footer': "Made by symparam from the model's block tree. This page loads nothing: every number is "
           'worked out in it, from the formulas above.',
 'site_title': 'Parameter counts, derived',
 'site_lede': 'Every model symparam knows by name, each on a page of its own: its derivation step '
              'by step, and its hyperparameters to change.',
 'column_model': 'Model',
 'column_class': 'Class',
 'column_description': 'Description',
 'search': 'Find a model',
 'search_none': 'No model matches.',
 'running_heading': 'At a sequence length and a batch',
 'running_intro': 'Memory and compute for B sequences of s tokens, as {memory} and {flops} work '
                  'them out (the same formulas, evaluated here exactly):',
 'input_seq': 'Tokens a sequence, s',
 'input_batch': 'Sequences, B',
 'images_start': 'The images start where {flops} starts without {option}: one image a sequence, of '
                 '{height} × {width} pixels as the processor resizes it, its tokens and its '
                 'windows’ query–key pairs worked out from that size.',
 'images_start_anyres': 'The images start where {flops} starts without {option}: one image a '
                        'sequence, of {height} × {width} pixels, the tiles its vision tower reads '
                        'and the tokens it becomes worked out from that size and the config’s '
                        'image_grid_pinpoints.',
 'running_memory': 'Memory',
 'running_flops': 'Compute',
 'column_flops': 'FLOPs',
 'run_kv': 'KV cache after s tokens, for the batch',
 'run_state': 'State of the state-space layers, for the batch (the same for any s)',
 'run_activations_none': 'Activations a training step keeps, no recomputation',
 'run_activations_selective': "Activations, selective recomputation (attention's core runs again)",
 'run_activations_full': 'Activations, full recomputation (each layer runs again)',
 'run_no_cache': 'This model keeps no KV cache and no state between tokens.',
 'activations_unchecked': 'The activations this model keeps are not derived yet: they are not '
                          "checked against torch's saved tensors.",
 'activations_int8': 'Activations are kept in fp32, fp16 or bf16.',
 'run_flops_forward': 'Forward pass',
 'run_flops_training': 'Training step (forward and backward)',
 'run_flops_training-selective': 'Training step, selective recomputation',
 'run_flops_training-full': 'Training step, full recomputation',
 'run_flops_decode': 'Decoding one token a sequence against a cache of s tokens',
 'decode_state': 'A decoding step is not derived yet: the state-space or linear-attention layers '
                 'run another step with their cached state than their forward pass.',
 'decode_cross': "A decoding step is not derived yet: the cross-attention over the encoder's "
                 'states.',
 'decode_none': 'This model keeps no keys and values between tokens: it has no decoding step.',
 'flops_family': 'FLOPs are not derived for the {family} family yet.',
 'run_fitted': 'This model is read off a module tree, which gives its weights, not what its layers '
               'keep or compute: its memory beyond the weights and its FLOPs are not derived.',
 'run_fitted_flops': 'This model is read off a module tree, which gives its weights, not what its '
                     'layers keep: its memory beyond the weights is not derived. Its forward FLOPs '
                     "were read off transformers' forward with torch's counter: {flops} gives "
                     'them, with their formula.',
 'run_many': "This model's layers fall into {runs} runs of differing layers; a page derives memory "
             'and compute for at most {limit} runs. {memory} and {flops} give them.',
 'gpu_static': 'These figures are for the layout given on the command line that made this page '
               "({flags}) and for the model's own values. They were worked out once, tensor by "
               'tensor, when the page was made: they do not change with the values above, and are '
               "hidden while those differ from the page's own.",
 'gpu_changed': "The per-GPU figures are for the page's own values and are left out for these; "
                '{command} gives them for any values.'}
